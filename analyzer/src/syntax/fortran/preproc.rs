//! The C preprocessor of `.F`/`.F90` files, as far as it is decidable: `#define`d constants
//! are substituted where the code names them (cpp is case-sensitive), `#if`/`#ifdef` keep the
//! branch the known macros select, and both branches are kept (as an `IF` of unknown
//! condition) when they cannot be decided.

use tree_sitter::{Node, Parser};

use super::{kinds as k, language, named_children, FileCtx, Lowerer, SpanMode};
use crate::ir::{Expr, Stmt, StmtKind, UnOp};

/// What the front end knows about a macro name.
#[derive(Clone, Debug)]
pub(super) enum MacroState {
    /// An object-like macro and its replacement text.
    Defined(String),
    /// `#undef`'d.
    Undefined,
    /// Defined in a region the front end could not decide, or function-like.
    Uncertain,
}

/// Lowers one item of a list (a unit's statements, or the file's units) into `out`.
pub(super) type ItemLowering<'a> = fn(&mut Lowerer<'a>, Node, &mut Vec<Stmt>);

impl<'a> Lowerer<'a> {
    /// The replacement text of an object-like macro, by its exact (case-sensitive) name.
    pub(super) fn macro_value(&self, name: &str) -> Option<&str> {
        if !self.preprocessed {
            return None;
        }
        match self.macros.get(name) {
            Some(MacroState::Defined(body)) => Some(body),
            _ => None,
        }
    }

    /// The expression a macro use stands for, parsed from its replacement text; `None` when
    /// `name` is not a known macro.
    pub(super) fn macro_expansion(&mut self, name: &str, at: Node) -> Option<Expr> {
        if !self.preprocessed {
            return None;
        }
        let body = match self.macros.get(name)? {
            MacroState::Defined(body) => body.clone(),
            MacroState::Undefined => return None,
            MacroState::Uncertain => return Some(Expr::unknown(self.span(at))),
        };
        let span = self.span(at);
        let source = format!("x = {body}\nend\n");
        let mut parser = Parser::new();
        parser.set_language(&language()).ok()?;
        let tree = parser.parse(&source, None)?;
        let mut value = None;
        super::visit_nodes(tree.root_node(), |n| {
            if value.is_none() && n.kind() == k::ASSIGNMENT_STATEMENT {
                value = n.child_by_field_name("right");
            }
            value.is_none()
        });
        let saved = std::mem::replace(
            &mut self.file,
            FileCtx {
                text: std::rc::Rc::from(source.as_str()),
                spans: SpanMode::At(span),
            },
        );
        // A macro naming itself (directly or not) ends at the depth limit.
        let expr = match value {
            Some(v) if !tree.root_node().has_error() && self.enter(at) => {
                let e = self.expr(v);
                self.leave();
                e
            }
            _ => Expr::unknown(span),
        };
        self.file = saved;
        Some(Expr::new(expr.kind, span))
    }

    /// A preprocessor directive among the items of a list.
    pub(super) fn preproc(&mut self, node: Node, out: &mut Vec<Stmt>, item: ItemLowering<'a>) {
        if !self.enter(node) {
            return;
        }
        match node.kind() {
            k::PREPROC_DEF => {
                if let Some(name) = node.child_by_field_name("name") {
                    let body = node
                        .child_by_field_name("value")
                        .map(|v| self.text(v).trim().to_owned())
                        .unwrap_or_default();
                    let name = self.text(name).to_owned();
                    self.define(name, MacroState::Defined(body));
                }
            }
            k::PREPROC_FUNCTION_DEF => {
                if let Some(name) = node.child_by_field_name("name") {
                    let name = self.text(name).to_owned();
                    self.define(name, MacroState::Uncertain);
                }
            }
            k::PREPROC_CALL => {
                let directive = node
                    .child_by_field_name("directive")
                    .map(|d| self.text(d).trim().to_owned());
                let argument = node
                    .child_by_field_name("argument")
                    .map(|a| self.text(a).trim().to_owned());
                if let (Some("#undef"), Some(name)) = (directive.as_deref(), argument) {
                    self.define(name, MacroState::Undefined);
                }
            }
            k::PREPROC_INCLUDE => {
                if let Some(path) = node.child_by_field_name("path") {
                    let name = self
                        .text(path)
                        .trim_matches(['"', '<', '>', '\''])
                        .to_owned();
                    let at = self.span(node);
                    self.lower_included(&name, at, out);
                }
            }
            k::PREPROC_IF | k::PREPROC_IFDEF | k::PREPROC_ELIF => {
                let decision = self.condition(node);
                let alternative = node.child_by_field_name("alternative");
                match decision {
                    Some(true) => self.branch_items(node, out, item),
                    Some(false) => {
                        if let Some(alt) = alternative {
                            self.alternative(alt, out, item);
                        }
                    }
                    None => {
                        self.uncertain_depth += 1;
                        let mut then = Vec::new();
                        let mut otherwise = Vec::new();
                        self.branch_items(node, &mut then, item);
                        if let Some(alt) = alternative {
                            self.alternative(alt, &mut otherwise, item);
                        }
                        self.uncertain_depth -= 1;
                        let span = self.span(node);
                        out.push(Stmt {
                            kind: StmtKind::If {
                                cond: Expr::unknown(span),
                                then,
                                otherwise,
                            },
                            span,
                        });
                    }
                }
            }
            _ => {}
        }
        self.leave();
    }

    fn define(&mut self, name: String, state: MacroState) {
        let state = if self.uncertain_depth > 0 {
            MacroState::Uncertain
        } else {
            state
        };
        self.macros.insert(name, state);
    }

    fn alternative(&mut self, alt: Node, out: &mut Vec<Stmt>, item: ItemLowering<'a>) {
        match alt.kind() {
            k::PREPROC_ELSE => self.branch_items(alt, out, item),
            _ => self.preproc(alt, out, item),
        }
    }

    /// The items of a branch: the named children that are not its condition or alternative.
    fn branch_items(&mut self, node: Node, out: &mut Vec<Stmt>, item: ItemLowering<'a>) {
        let mut cursor = node.walk();
        let items: Vec<Node> = node
            .children(&mut cursor)
            .enumerate()
            .filter(|(i, c)| {
                c.is_named()
                    && !matches!(
                        node.field_name_for_child(*i as u32),
                        Some("condition" | "name" | "alternative")
                    )
            })
            .map(|(_, c)| c)
            .collect();
        for child in items {
            item(self, child, out);
        }
    }

    /// Whether a conditional's branch is taken; `None` when undecidable.
    fn condition(&mut self, node: Node) -> Option<bool> {
        if node.kind() == k::PREPROC_IFDEF {
            let name = self.text(node.child_by_field_name("name")?).to_owned();
            let negated = super::children(node).any(|c| c.kind() == k::IFNDEF);
            return self.defined(&name).map(|d| d != negated);
        }
        let value = self.cpp_value(node.child_by_field_name("condition")?)?;
        Some(value != 0)
    }

    fn defined(&self, name: &str) -> Option<bool> {
        match self.macros.get(name) {
            Some(MacroState::Defined(_)) => Some(true),
            // A name never defined in the file is not defined (the project's -D options are
            // not known here).
            Some(MacroState::Undefined) | None => Some(false),
            Some(MacroState::Uncertain) => None,
        }
    }

    /// The value of an `#if` expression.
    fn cpp_value(&mut self, node: Node) -> Option<i128> {
        if !self.enter(node) {
            return None;
        }
        let value = self.cpp_value_inner(node);
        self.leave();
        value
    }

    fn cpp_value_inner(&mut self, node: Node) -> Option<i128> {
        match node.kind() {
            k::NUMBER_LITERAL => self
                .text(node)
                .trim()
                .trim_end_matches(['u', 'U', 'l', 'L'])
                .parse()
                .ok(),
            k::IDENTIFIER => {
                let name = self.text(node).to_owned();
                match self.macros.get(&name) {
                    Some(MacroState::Defined(body)) => body.trim().parse().ok(),
                    Some(MacroState::Uncertain) => None,
                    // cpp: an unknown identifier is 0.
                    Some(MacroState::Undefined) | None => Some(0),
                }
            }
            k::PREPROC_DEFINED => {
                let name = named_children(node).next()?;
                let name = self.text(name).to_owned();
                self.defined(&name).map(i128::from)
            }
            k::PARENTHESIZED_EXPRESSION => self.cpp_value(named_children(node).next()?),
            k::UNARY_EXPRESSION => {
                let v = self.cpp_value(node.child_by_field_name("argument")?)?;
                let op = match self.text(node.child_by_field_name("operator")?) {
                    "-" => UnOp::Neg,
                    "+" => UnOp::Plus,
                    "!" => UnOp::Not,
                    "~" => UnOp::BitNot,
                    _ => return None,
                };
                op.apply(v)
            }
            k::BINARY_EXPRESSION => {
                let (left, right) = (
                    node.child_by_field_name("left")?,
                    node.child_by_field_name("right")?,
                );
                // `&&` and `||` come as two one-character tokens: take the text between.
                let op = self
                    .file
                    .text
                    .get(left.end_byte()..right.start_byte())?
                    .trim()
                    .to_owned();
                let op = crate::syntax::c::binop(&op)?;
                op.apply(self.cpp_value(left)?, self.cpp_value(right)?)
            }
            _ => None,
        }
    }
}
