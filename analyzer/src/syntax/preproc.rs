//! The preprocessor both front ends share: C files and Fortran's `.F`/`.F90` files, which cpp
//! runs over before the compiler. tree-sitter-c and tree-sitter-fortran parse directives into
//! the same nodes, so what the directives mean is decided here once: which macros are defined at
//! each point (`-D`, `#define`, `#undef`, and what an undecided branch may have changed), which
//! branches of a conditional may be compiled, and the value of an `#if` expression. The front
//! ends lower the branches, and give a macro's body its meaning in their own language.

use std::cell::RefCell;
use std::collections::HashMap;

use tree_sitter::Node;

use crate::ir::{BinOp, Expr, Stmt, StmtKind, UnOp};
use crate::source::Span;

/// Node kinds and fields of directives, the same in both grammars (checked against both).
pub(crate) mod kinds {
    pub(crate) const PREPROC_IF: &str = "preproc_if";
    pub(crate) const PREPROC_IFDEF: &str = "preproc_ifdef";
    pub(crate) const PREPROC_ELIF: &str = "preproc_elif";
    pub(crate) const PREPROC_ELIFDEF: &str = "preproc_elifdef";
    pub(crate) const PREPROC_ELSE: &str = "preproc_else";
    pub(crate) const PREPROC_DEFINED: &str = "preproc_defined";
    pub(crate) const NUMBER_LITERAL: &str = "number_literal";
    pub(crate) const IDENTIFIER: &str = "identifier";
    pub(crate) const PARENTHESIZED_EXPRESSION: &str = "parenthesized_expression";
    pub(crate) const UNARY_EXPRESSION: &str = "unary_expression";
    pub(crate) const BINARY_EXPRESSION: &str = "binary_expression";
    pub(crate) const CALL_EXPRESSION: &str = "call_expression";
    #[cfg(test)]
    pub(crate) const NAMED: &[&str] = &[
        PREPROC_IF,
        PREPROC_IFDEF,
        PREPROC_ELIF,
        PREPROC_ELIFDEF,
        PREPROC_ELSE,
        PREPROC_DEFINED,
        NUMBER_LITERAL,
        IDENTIFIER,
        PARENTHESIZED_EXPRESSION,
        UNARY_EXPRESSION,
        BINARY_EXPRESSION,
        CALL_EXPRESSION,
    ];
    /// In tree-sitter-c only: Fortran has no character literals in `#if`.
    pub(crate) const CHAR_LITERAL: &str = "char_literal";
    #[cfg(test)]
    pub(crate) const C_ONLY: &[&str] = &[CHAR_LITERAL];
    pub(crate) const IFNDEF: &str = "#ifndef";
    pub(crate) const ELIFNDEF: &str = "#elifndef";
    #[cfg(test)]
    pub(crate) const ANONYMOUS: &[&str] = &[IFNDEF, ELIFNDEF];
}

use kinds as k;

/// How deep an `#if` expression (and the macros it expands) is followed.
const CONDITION_DEPTH: usize = 200;

/// What the preprocessor knows about a macro name. `B` is a body in the front end's terms.
#[derive(Clone, Debug)]
pub(crate) enum MacroState<B> {
    Defined {
        /// Parameter names of a function-like macro.
        params: Option<Vec<String>>,
        body: B,
    },
    /// Defined so, or not at all, as the compiler's options decide (a POSIX name of a C header,
    /// which `-std=c99` hides): `#if` cannot decide it, and code that uses it compiles only
    /// where it is defined.
    MaybeDefined { body: B },
    /// `#undef`'d, or a name no compiler defines (such as C's `__cplusplus`).
    Undefined,
    /// Defined or not depending on a condition that could not be decided, or on what the
    /// compiler, the system or the MPI library define.
    Uncertain,
}

/// Names a compiler, the system or the MPI library may define: `#if` cannot decide them without
/// those. Any other name the file (or a `-D`) never defines is undefined.
fn defined_elsewhere(name: &str) -> bool {
    let reserved = name.starts_with("__")
        || (name.starts_with('_') && name[1..].starts_with(|c: char| c.is_ascii_uppercase()));
    reserved
        || ["MPI", "PMPI", "MPIX", "MPICH", "OMPI", "OPEN_MPI", "MSMPI"]
            .iter()
            .any(|p| name.starts_with(p))
}

/// The macros known at the current point of a file.
#[derive(Clone, Debug)]
pub(crate) struct Macros<B> {
    states: crate::hash::HashMap<String, MacroState<B>>,
    /// For each undecided branch being lowered (innermost last): the macros it changed, with
    /// their state before it.
    undecided: Vec<Vec<(String, Option<MacroState<B>>)>>,
    /// How many times a state was changed: what tells that a lowering changed none.
    changes: usize,
    /// The names asked for since [`Macros::start_reads`], when asked to keep them.
    reads: RefCell<Option<Vec<String>>>,
}

impl<B> Default for Macros<B> {
    fn default() -> Self {
        Macros {
            states: crate::hash::HashMap::default(),
            undecided: Vec::new(),
            changes: 0,
            reads: RefCell::new(None),
        }
    }
}

impl<B> Macros<B> {
    /// Keeps the names asked for from now on.
    pub(crate) fn start_reads(&self) {
        *self.reads.borrow_mut() = Some(Vec::new());
    }

    /// The names asked for since [`Macros::start_reads`]; no more are kept.
    pub(crate) fn take_reads(&self) -> Vec<String> {
        self.reads.borrow_mut().take().unwrap_or_default()
    }

    /// What the file (or a `-D`) said of `name`, not kept as asked for.
    pub(crate) fn peek(&self, name: &str) -> Option<&MacroState<B>> {
        self.states.get(name)
    }

    fn asked(&self, name: &str) -> Option<&MacroState<B>> {
        if let Some(reads) = self.reads.borrow_mut().as_mut() {
            reads.push(name.to_owned());
        }
        self.states.get(name)
    }
}

impl<B: Clone> Macros<B> {
    /// The state of a name at this point.
    pub(crate) fn state(&self, name: &str) -> MacroState<B> {
        match self.asked(name) {
            Some(state) => state.clone(),
            None if defined_elsewhere(name) => MacroState::Uncertain,
            None => MacroState::Undefined,
        }
    }

    /// What the file (or a `-D`) said of `name`, if anything.
    pub(crate) fn get(&self, name: &str) -> Option<&MacroState<B>> {
        self.asked(name)
    }

    /// The body of an object-like macro defined here.
    pub(crate) fn object_body(&self, name: &str) -> Option<&B> {
        match self.asked(name) {
            Some(MacroState::Defined { params: None, body }) => Some(body),
            _ => None,
        }
    }

    /// Whether `name` is defined here (`#ifdef`, `defined(...)`); `None` when uncertain.
    pub(crate) fn is_defined(&self, name: &str) -> Option<bool> {
        match self.state(name) {
            MacroState::Defined { .. } => Some(true),
            MacroState::Undefined => Some(false),
            MacroState::MaybeDefined { .. } | MacroState::Uncertain => None,
        }
    }

    /// How many times a state was changed so far.
    pub(crate) fn changes(&self) -> usize {
        self.changes
    }

    /// Changes a macro, remembering its previous state inside an undecided branch.
    pub(crate) fn set(&mut self, name: String, state: MacroState<B>) {
        self.changes += 1;
        if let Some(region) = self.undecided.last_mut() {
            if !region.iter().any(|(n, _)| *n == name) {
                region.push((name.clone(), self.states.get(&name).cloned()));
            }
        }
        self.states.insert(name, state);
    }
}

/// A conditional group, lowered.
pub(crate) enum Lowered<T> {
    /// The one branch compiled.
    Decided(T),
    /// Every possible branch, each lowered from the macro state before the group; when
    /// `exhaustive`, one of them is compiled, else maybe none. Afterwards every macro any of them
    /// changed is uncertain.
    Undecided { branches: Vec<T>, exhaustive: bool },
}

/// Lowers the group whose branches are `branches` with `lower` (told whether the branch is
/// the one compiled). `macros` finds the macro table inside the front end's lowerer.
pub(crate) fn lower_group<'t, L, B: Clone, T>(
    lowerer: &mut L,
    branches: Branches<'t>,
    macros: fn(&mut L) -> &mut Macros<B>,
    mut lower: impl FnMut(&mut L, &[Node<'t>], bool) -> T,
) -> Lowered<T> {
    let Branches {
        possible,
        exhaustive,
    } = branches;
    if let ([only], true) = (&possible[..], exhaustive) {
        return Lowered::Decided(lower(lowerer, only, true));
    }
    let mut changed = Vec::new();
    let mut results = Vec::new();
    for branch in &possible {
        macros(lowerer).undecided.push(Vec::new());
        results.push(lower(lowerer, branch, false));
        let table = macros(lowerer);
        for (name, previous) in table.undecided.pop().unwrap_or_default() {
            match previous {
                Some(state) => table.states.insert(name.clone(), state),
                None => table.states.remove(&name),
            };
            changed.push(name);
        }
    }
    let table = macros(lowerer);
    for name in changed {
        table.set(name, MacroState::Uncertain);
    }
    Lowered::Undecided {
        branches: results,
        exhaustive,
    }
}

/// The branches of a conditional group (`#if`/`#ifdef` ... `#elif` ... `#else`) that may be
/// compiled.
pub(crate) struct Branches<'t> {
    /// The items of each possible branch, in order.
    pub(crate) possible: Vec<Vec<Node<'t>>>,
    /// Exactly one of `possible` is compiled (else none may be).
    pub(crate) exhaustive: bool,
}

impl<'t> Branches<'t> {
    /// Decides each branch of the group at `node` with `condition` (a text's macros).
    pub(crate) fn of(node: Node<'t>, condition: &Condition<'_, impl Clone>) -> Branches<'t> {
        let mut possible = Vec::new();
        let mut current = Some(node);
        let mut exhaustive = false;
        // Each `#elif` is the alternative of the one before: iterate, do not recurse.
        while let Some(branch) = current {
            let decision = match branch.kind() {
                k::PREPROC_ELSE => Some(true),
                _ => condition.decide(branch),
            };
            let alternative = branch.child_by_field_name("alternative");
            if decision != Some(false) {
                let mut cursor = branch.walk();
                let items: Vec<Node<'t>> = branch
                    .children(&mut cursor)
                    .enumerate()
                    .filter(|(i, c)| {
                        c.is_named()
                            && Some(*c) != alternative
                            && branch.field_name_for_child(*i as u32).is_none()
                    })
                    .map(|(_, c)| c)
                    .collect();
                possible.push(items);
            }
            if decision == Some(true) {
                exhaustive = true;
                break;
            }
            current = alternative;
        }
        Branches {
            possible,
            exhaustive,
        }
    }
}

/// Evaluates directives' conditions in a text against the macros known, the way cpp does.
/// What a macro's body is worth is the front end's to say (`body_value`, with the arguments of
/// a function-like macro bound to its parameters); a macro whose value is not known makes the
/// condition undecidable, never 0.
pub(crate) struct Condition<'a, B> {
    pub(crate) text: &'a str,
    pub(crate) macros: &'a Macros<B>,
    #[allow(clippy::type_complexity)]
    pub(crate) body_value: &'a dyn Fn(&B, &HashMap<String, i128>) -> Option<i128>,
}

impl<B: Clone> Condition<'_, B> {
    /// Whether the branch at `node` (`#if`, `#elif`, `#ifdef`, `#elifdef` and their negations)
    /// is taken; `None` when undecidable.
    pub(crate) fn decide(&self, node: Node) -> Option<bool> {
        match node.kind() {
            k::PREPROC_IF | k::PREPROC_ELIF => {
                let condition = node.child_by_field_name("condition")?;
                self.value(condition, 0).map(|v| v != 0)
            }
            k::PREPROC_IFDEF | k::PREPROC_ELIFDEF => {
                let negated = node
                    .child(0)
                    .is_some_and(|c| c.kind() == k::IFNDEF || c.kind() == k::ELIFNDEF);
                let name = self.text_of(node.child_by_field_name("name")?)?;
                self.macros.is_defined(name).map(|d| d != negated)
            }
            _ => None,
        }
    }

    fn text_of(&self, node: Node) -> Option<&str> {
        self.text.get(node.byte_range()).map(str::trim)
    }

    /// The value of an `#if` expression.
    pub(crate) fn value(&self, node: Node, depth: usize) -> Option<i128> {
        if depth > CONDITION_DEPTH {
            return None;
        }
        let value = |n: Node| self.value(n, depth + 1);
        match node.kind() {
            k::NUMBER_LITERAL => match super::c::literals::parse_number(self.text_of(node)?) {
                crate::ir::ExprKind::Int(v) => Some(v),
                _ => None,
            },
            k::CHAR_LITERAL => super::c::literals::parse_char(self.text_of(node)?),
            k::IDENTIFIER => {
                let name = self.text_of(node)?;
                match self.macros.state(name) {
                    MacroState::Defined { params: None, body } => {
                        (self.body_value)(&body, &HashMap::new())
                    }
                    // cpp: a name that is no macro is 0.
                    MacroState::Undefined => Some(0),
                    MacroState::Defined { .. }
                    | MacroState::MaybeDefined { .. }
                    | MacroState::Uncertain => None,
                }
            }
            k::PREPROC_DEFINED => {
                let mut cursor = node.walk();
                let name = node.named_children(&mut cursor).next()?;
                self.macros.is_defined(self.text_of(name)?).map(i128::from)
            }
            k::PARENTHESIZED_EXPRESSION => {
                let mut cursor = node.walk();
                let inner = node.named_children(&mut cursor).next()?;
                value(inner)
            }
            k::UNARY_EXPRESSION => {
                let argument = node.child_by_field_name("argument")?;
                // The text before the operand: tree-sitter-fortran has no operator field there.
                let op = self
                    .text
                    .get(node.start_byte()..argument.start_byte())?
                    .trim();
                let op = match op {
                    "-" => UnOp::Neg,
                    "+" => UnOp::Plus,
                    "!" => UnOp::Not,
                    "~" => UnOp::BitNot,
                    _ => return None,
                };
                op.apply(value(argument)?)
            }
            k::BINARY_EXPRESSION => {
                let (left, right) = (
                    node.child_by_field_name("left")?,
                    node.child_by_field_name("right")?,
                );
                // tree-sitter-fortran gives `&&` and `||` as two tokens: the text between the
                // operands is the operator in both grammars.
                let op = self.text.get(left.end_byte()..right.start_byte())?.trim();
                let op = super::c::binop(op)?;
                let (l, r) = (value(left), value(right));
                // `&&` and `||` are decided by either side alone when it can (no side effects
                // in `#if`): `defined(MPI_VERSION) || 1` is 1.
                match (op, l, r) {
                    (BinOp::And, Some(0), _) | (BinOp::And, _, Some(0)) => Some(0),
                    (BinOp::Or, Some(v), _) | (BinOp::Or, _, Some(v)) if v != 0 => Some(1),
                    _ => op.apply(l?, r?),
                }
            }
            k::CALL_EXPRESSION => {
                let name = self.text_of(node.child_by_field_name("function")?)?;
                let MacroState::Defined {
                    params: Some(params),
                    body,
                } = self.macros.state(name)
                else {
                    return None;
                };
                let arguments = node.child_by_field_name("arguments")?;
                let mut cursor = arguments.walk();
                let arguments: Vec<Node> = arguments.named_children(&mut cursor).collect();
                if arguments.len() != params.len() {
                    return None;
                }
                let mut bound = HashMap::new();
                for (param, argument) in params.into_iter().zip(arguments) {
                    bound.insert(param, value(argument)?);
                }
                (self.body_value)(&body, &bound)
            }
            _ => None,
        }
    }
}

/// The statements of an undecided conditional's possible branches, as `if`s on unknown
/// conditions (the evaluator runs every side and joins them); when `exhaustive`, the last
/// branch is the final `else`.
pub(crate) fn undecided_branches(
    mut bodies: Vec<Vec<Stmt>>,
    exhaustive: bool,
    span: Span,
) -> Vec<Stmt> {
    let mut otherwise = if exhaustive {
        bodies.pop().unwrap_or_default()
    } else {
        Vec::new()
    };
    while let Some(then) = bodies.pop() {
        otherwise = vec![Stmt {
            kind: StmtKind::If {
                cond: Expr::unknown(span),
                then,
                otherwise,
            },
            span,
        }];
    }
    otherwise
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grammars() -> [(&'static str, tree_sitter::Language); 2] {
        [
            ("C", tree_sitter_c::LANGUAGE.into()),
            ("Fortran", tree_sitter_fortran::LANGUAGE.into()),
        ]
    }

    #[test]
    fn node_kinds_exist_in_both_grammars() {
        for (name, language) in grammars() {
            for kind in kinds::NAMED {
                assert_ne!(language.id_for_node_kind(kind, true), 0, "{name}: {kind}");
            }
            for kind in kinds::ANONYMOUS {
                assert_ne!(language.id_for_node_kind(kind, false), 0, "{name}: {kind}");
            }
        }
        let c: tree_sitter::Language = tree_sitter_c::LANGUAGE.into();
        for kind in kinds::C_ONLY {
            assert_ne!(c.id_for_node_kind(kind, true), 0, "C: {kind}");
        }
    }

    /// Each conditional group of `source` (empty branches), as the decisions of its
    /// `#if`/`#elif` branches with `A` defined as 3 and `F(x)` as `x`, in each grammar.
    fn decisions(source: &str) -> Vec<(&'static str, Vec<Vec<Option<bool>>>)> {
        let mut macros: Macros<String> = Macros::default();
        macros.set(
            "A".into(),
            MacroState::Defined {
                params: None,
                body: "3".into(),
            },
        );
        macros.set(
            "F".into(),
            MacroState::Defined {
                params: Some(vec!["x".into()]),
                body: "x".into(),
            },
        );
        macros.set("GONE".into(), MacroState::Undefined);
        let body_value = |b: &String, params: &HashMap<String, i128>| match params.get(b) {
            Some(v) => Some(*v),
            None => b.parse().ok(),
        };
        let condition = Condition {
            text: source,
            macros: &macros,
            body_value: &body_value,
        };
        let mut out = Vec::new();
        for (name, language) in grammars() {
            let mut parser = tree_sitter::Parser::new();
            parser.set_language(&language).unwrap();
            let tree = parser.parse(source, None).unwrap();
            assert!(!tree.root_node().has_error(), "{name}: {source}");
            let mut groups = Vec::new();
            let mut cursor = tree.walk();
            for node in tree.root_node().children(&mut cursor) {
                let mut chain = Vec::new();
                let mut current = Some(node);
                while let Some(branch) = current.filter(|b| b.kind() != kinds::PREPROC_ELSE) {
                    chain.push(condition.decide(branch));
                    current = branch.child_by_field_name("alternative");
                }
                groups.push(chain);
            }
            out.push((name, groups));
        }
        out
    }

    #[test]
    fn conditions_are_decided_as_cpp_decides_them() {
        let source = "#if A * 2 == 6 && F(4) > 3\n#else\n#endif\n\
                      #if A > 5\n#elif F(0)\n#elif (A - 3) || -1\n#endif\n\
                      #ifndef GONE\n#endif\n\
                      #ifdef NEVER_DEFINED\n#endif\n\
                      #if defined(MPI_VERSION) || 020 == 16\n#endif\n\
                      #if defined(__GNUC__) && A\n#endif\n\
                      #if defined(_OPENMP) && 0\n#endif\n\
                      #if UNKNOWN_NAME == 0 && 1 << 200\n#endif\n";
        let expected = [
            vec![Some(true)],
            vec![Some(false), Some(false), Some(true)],
            vec![Some(true)],
            vec![Some(false)],
            vec![Some(true)],
            vec![None],
            vec![Some(false)],
            // An overflowing shift is no value: undecided, not wrapped.
            vec![None],
        ];
        for (grammar, groups) in decisions(source) {
            assert_eq!(groups, expected, "{grammar}");
        }
    }
}
