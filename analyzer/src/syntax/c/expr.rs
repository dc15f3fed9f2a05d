//! Expressions: lowering, literals, statement-level assignments, fragments parsed on their own
//! (macro bodies, `offsetof` subscripts), and the small integer evaluator used for `#if` and for
//! the lengths of `[]` arrays implied by their initializers.

use std::collections::HashMap;

use tree_sitter::Node;

use super::cpp::UNKNOWN_NAME;
use super::expand::{self, Unit};
use super::kinds as k;
use super::literals::{decode_string, parse_char, parse_number};
use super::memo::Read;
use super::{unknown, FileCtx, Lowerer, MacroState};
use crate::ir::{BinOp, Designator, Expr, ExprKind, Stmt, StmtKind, Ty, UnOp};
use crate::source::Span;

/// How identifiers evaluate in [`Lowerer::const_eval`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum EvalMode {
    /// `#if`: macros only; `#undef`'d names are 0; anything else is undecidable.
    Preproc,
    /// Constant expressions in code (lowered from their expansion): enumerators.
    Constant,
}

const EVAL_DEPTH: usize = 600;

/// The operator a C token (or compound assignment) stands for; the `#if` lines of Fortran
/// files use it too.
pub(crate) fn binop(op: &str) -> Option<BinOp> {
    Some(match op {
        k::OP_ADD | k::OP_ADD_ASSIGN => BinOp::Add,
        k::OP_SUB | k::OP_SUB_ASSIGN => BinOp::Sub,
        k::OP_MUL | k::OP_MUL_ASSIGN => BinOp::Mul,
        k::OP_DIV | k::OP_DIV_ASSIGN => BinOp::Div,
        k::OP_REM | k::OP_REM_ASSIGN => BinOp::Rem,
        k::OP_SHL | k::OP_SHL_ASSIGN => BinOp::Shl,
        k::OP_SHR | k::OP_SHR_ASSIGN => BinOp::Shr,
        k::OP_BITAND | k::OP_AND_ASSIGN => BinOp::BitAnd,
        k::OP_BITOR | k::OP_OR_ASSIGN => BinOp::BitOr,
        k::OP_BITXOR | k::OP_XOR_ASSIGN => BinOp::BitXor,
        k::OP_AND => BinOp::And,
        k::OP_OR => BinOp::Or,
        k::OP_EQ => BinOp::Eq,
        k::OP_NE => BinOp::Ne,
        k::OP_LT => BinOp::Lt,
        k::OP_LE => BinOp::Le,
        k::OP_GT => BinOp::Gt,
        k::OP_GE => BinOp::Ge,
        _ => return None,
    })
}

impl Lowerer<'_> {
    /// Lowers an expression (depth-bounded): from its expansion when it uses macros, unknown
    /// when those cannot be expanded exactly.
    pub(super) fn lower_expr(&mut self, node: Node<'_>) -> Expr {
        if !self.enter(node) {
            return unknown(self.span(node));
        }
        let span = self.span(node);
        let e = self.lower_expanding(
            node,
            Unit::Expression,
            |this, root| {
                let e = match expand::expression_of(root) {
                    Some(inner) => this.lower_expr(inner),
                    None => unknown(span),
                };
                Expr { span, ..e }
            },
            |this, clean| {
                // A use that cannot be expanded is unknown, and what its arguments name may
                // change; around it, the rest is lowered (and its other uses expanded) part by
                // part.
                if !clean && this.is_macro_use(node) {
                    let text = this.file.original.get(node.byte_range()).unwrap_or("");
                    let names: Vec<String> = expand::words(text).map(str::to_owned).collect();
                    this.clobbers.extend(names);
                    return unknown(span);
                }
                this.lower_expr_inner(node)
            },
        );
        self.leave();
        e
    }

    /// `(n) + 2`, `(n) * p`, `(n) - 1` parse as casts to a type `n`; when `n` is no type the
    /// front end knows, the text may as well be arithmetic on a variable, whose value and
    /// precedence the tree does not give: unknown rather than a cast.
    fn may_be_arithmetic(&self, ty: Node<'_>, value: Node<'_>) -> bool {
        let bare_name = Self::first_named(ty)
            .filter(|n| n.kind() == k::TYPE_IDENTIFIER && ty.named_child_count() == 1)
            .is_some_and(|n| !self.is_type_name(self.text(n)));
        let text = self.text(value).trim_start();
        let binary_operator_first = match value.kind() {
            k::UNARY_EXPRESSION | k::NUMBER_LITERAL => text.starts_with(['+', '-']),
            k::POINTER_EXPRESSION => true,
            _ => false,
        };
        bare_name && binary_operator_first
    }

    fn first_named(node: Node<'_>) -> Option<Node<'_>> {
        let mut cursor = node.walk();
        let found = node
            .named_children(&mut cursor)
            .find(|c| c.kind() != k::COMMENT);
        found
    }

    fn lower_expr_inner(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let field = |name: &str| node.child_by_field_name(name);
        let kind = match node.kind() {
            k::IDENTIFIER if self.text(node) == UNKNOWN_NAME => ExprKind::Unknown,
            k::IDENTIFIER => ExprKind::Name(self.text(node).to_owned()),
            k::NUMBER_LITERAL => parse_number(self.text(node)),
            k::CHAR_LITERAL => match parse_char(self.text(node)) {
                Some(v) => ExprKind::Int(v),
                None => ExprKind::Unknown,
            },
            // A prefixed literal (`L"..."`, `u8"..."`) is not an array of `char`.
            k::STRING_LITERAL if !self.text(node).starts_with('"') => ExprKind::Unknown,
            k::STRING_LITERAL => ExprKind::Str(decode_string(self.text(node))),
            k::CONCATENATED_STRING => {
                let mut cursor = node.walk();
                let parts: Vec<&str> = node
                    .named_children(&mut cursor)
                    .filter(|c| c.kind() == k::STRING_LITERAL)
                    .map(|c| self.text(c))
                    .collect();
                if parts.iter().all(|p| p.starts_with('"')) {
                    ExprKind::Str(parts.into_iter().map(decode_string).collect())
                } else {
                    ExprKind::Unknown
                }
            }
            k::TRUE => ExprKind::Int(1),
            k::FALSE | k::NULL => ExprKind::Int(0),
            k::PARENTHESIZED_EXPRESSION | k::EXTENSION_EXPRESSION => {
                match Self::first_named(node) {
                    Some(inner) => {
                        let mut e = self.lower_expr(inner);
                        e.span = span;
                        return e;
                    }
                    None => ExprKind::Unknown,
                }
            }
            k::BINARY_EXPRESSION => {
                let op = field(k::F_OPERATOR).and_then(|o| binop(o.kind()));
                match (op, field(k::F_LEFT), field(k::F_RIGHT)) {
                    (Some(op), Some(l), Some(r)) => ExprKind::Binary(
                        op,
                        Box::new(self.lower_expr(l)),
                        Box::new(self.lower_expr(r)),
                    ),
                    _ => ExprKind::Unknown,
                }
            }
            k::UNARY_EXPRESSION => {
                let op = match field(k::F_OPERATOR).map(|o| o.kind()) {
                    Some(k::OP_SUB) => Some(UnOp::Neg),
                    Some(k::OP_ADD) => Some(UnOp::Plus),
                    Some(k::OP_NOT) => Some(UnOp::Not),
                    Some(k::OP_BITNOT) => Some(UnOp::BitNot),
                    _ => None,
                };
                match (op, field(k::F_ARGUMENT)) {
                    (Some(op), Some(a)) => ExprKind::Unary(op, Box::new(self.lower_expr(a))),
                    _ => ExprKind::Unknown,
                }
            }
            k::POINTER_EXPRESSION => {
                let op = field(k::F_OPERATOR).map(|o| o.kind());
                match (op, field(k::F_ARGUMENT)) {
                    (Some(k::OP_BITAND), Some(a)) => ExprKind::AddrOf(Box::new(self.lower_expr(a))),
                    (Some(k::OP_MUL), Some(a)) => ExprKind::Deref(Box::new(self.lower_expr(a))),
                    _ => ExprKind::Unknown,
                }
            }
            k::UPDATE_EXPRESSION => match (field(k::F_OPERATOR), field(k::F_ARGUMENT)) {
                (Some(op), Some(arg)) => {
                    let delta = if op.kind() == k::OP_DEC { -1 } else { 1 };
                    let post = op.start_byte() > arg.start_byte();
                    ExprKind::IncDec {
                        target: Box::new(self.lower_expr(arg)),
                        delta,
                        post,
                    }
                }
                _ => ExprKind::Unknown,
            },
            k::ASSIGNMENT_EXPRESSION => {
                // An assignment inside an expression: its value, and the statement is preceded
                // by an `Opaque` forgetting the target.
                if let Some(name) = field(k::F_LEFT).and_then(|l| self.root_identifier(l)) {
                    self.clobbers.push(name);
                }
                match self.assignment_value(node) {
                    Some((_, value)) => return value,
                    None => ExprKind::Unknown,
                }
            }
            k::COMMA_EXPRESSION => {
                if let Some(l) = field(k::F_LEFT) {
                    let _ = self.lower_expr(l);
                }
                match field(k::F_RIGHT) {
                    Some(r) => return self.lower_expr(r),
                    None => ExprKind::Unknown,
                }
            }
            k::CONDITIONAL_EXPRESSION => {
                match (
                    field(k::F_CONDITION),
                    field(k::F_CONSEQUENCE),
                    field(k::F_ALTERNATIVE),
                ) {
                    (Some(c), Some(a), Some(b)) => ExprKind::Cond(
                        Box::new(self.lower_expr(c)),
                        Box::new(self.lower_expr(a)),
                        Box::new(self.lower_expr(b)),
                    ),
                    _ => ExprKind::Unknown,
                }
            }
            k::CALL_EXPRESSION => return self.lower_call(node, span),
            k::SUBSCRIPT_EXPRESSION => match (field(k::F_ARGUMENT), field(k::F_INDEX)) {
                (Some(base), Some(index)) => ExprKind::Index {
                    base: Box::new(self.lower_expr(base)),
                    indices: vec![self.lower_expr(index)],
                },
                _ => ExprKind::Unknown,
            },
            k::FIELD_EXPRESSION => match (field(k::F_ARGUMENT), field(k::F_FIELD)) {
                (Some(base), Some(f)) => {
                    let mut base = self.lower_expr(base);
                    if field(k::F_OPERATOR).map(|o| o.kind()) == Some(k::OP_ARROW) {
                        let bspan = base.span;
                        base = Expr::new(ExprKind::Deref(Box::new(base)), bspan);
                    }
                    ExprKind::Member {
                        base: Box::new(base),
                        field: self.text(f).to_owned(),
                    }
                }
                _ => ExprKind::Unknown,
            },
            k::CAST_EXPRESSION => match (field(k::F_TYPE), field(k::F_VALUE)) {
                (Some(t), Some(v)) if !self.may_be_arithmetic(t, v) => {
                    let ty = self.lower_type_descriptor(t);
                    ExprKind::Cast(ty, Box::new(self.lower_expr(v)))
                }
                _ => ExprKind::Unknown,
            },
            k::SIZEOF_EXPRESSION => {
                if let Some(t) = field(k::F_TYPE) {
                    ExprKind::SizeofType(self.lower_type_descriptor(t))
                } else if let Some(v) = field(k::F_VALUE) {
                    // `sizeof(T)` with a typedef name parses as an expression.
                    let named_type = (v.kind() == k::PARENTHESIZED_EXPRESSION)
                        .then(|| Self::first_named(v))
                        .flatten()
                        .filter(|i| i.kind() == k::IDENTIFIER)
                        .map(|i| self.text(i).to_owned())
                        .filter(|name| self.is_type_name(name));
                    match named_type {
                        Some(name) => ExprKind::SizeofType(self.type_from_name(&name)),
                        None => ExprKind::SizeofExpr(Box::new(self.lower_expr(v))),
                    }
                } else {
                    ExprKind::Unknown
                }
            }
            k::ALIGNOF_EXPRESSION => match field(k::F_TYPE) {
                Some(t) => ExprKind::AlignofType(self.lower_type_descriptor(t)),
                None => ExprKind::Unknown,
            },
            k::OFFSETOF_EXPRESSION => self.lower_offsetof(node),
            k::COMPOUND_LITERAL_EXPRESSION => match field(k::F_VALUE) {
                Some(list) if list.kind() == k::INITIALIZER_LIST => {
                    let mut cursor = list.walk();
                    let items: Vec<Node<'_>> = list
                        .named_children(&mut cursor)
                        .filter(|c| c.kind() != k::COMMENT)
                        .collect();
                    if items
                        .iter()
                        .any(|c| c.kind() == k::INITIALIZER_PAIR || c.kind() == k::INITIALIZER_LIST)
                    {
                        ExprKind::Unknown
                    } else {
                        ExprKind::ArrayCtor(items.into_iter().map(|c| self.lower_expr(c)).collect())
                    }
                }
                _ => ExprKind::Unknown,
            },
            k::PREPROC_DEFINED => match Self::first_named(node) {
                Some(name) => ExprKind::Defined(self.text(name).to_owned()),
                None => ExprKind::Unknown,
            },
            k::ERROR => {
                self.error_note(node);
                ExprKind::Unknown
            }
            _ => ExprKind::Unknown,
        };
        Expr::new(kind, span)
    }

    fn lower_call(&mut self, node: Node<'_>, span: Span) -> Expr {
        let function = node.child_by_field_name(k::F_FUNCTION);
        let mut args = Vec::new();
        let mut addr_args = Vec::new();
        if let Some(list) = node.child_by_field_name(k::F_ARGUMENTS) {
            let mut cursor = list.walk();
            let nodes: Vec<Node<'_>> = list
                .named_children(&mut cursor)
                .filter(|c| c.kind() != k::COMMENT)
                .collect();
            for arg in nodes {
                if arg.kind() == k::POINTER_EXPRESSION {
                    if let Some(name) = arg
                        .child_by_field_name(k::F_ARGUMENT)
                        .and_then(|a| self.root_identifier(a))
                    {
                        addr_args.push(name);
                    }
                }
                args.push(self.lower_expr(arg));
            }
        }
        // `(MPI_Aint)(n - 1)` parses as a call of `(MPI_Aint)`: it is a cast.
        let cast = function
            .filter(|_| args.len() == 1)
            .and_then(|f| self.parenthesized_type_name(f));
        if let Some(ty) = cast {
            return Expr::new(ExprKind::Cast(ty, Box::new(args.remove(0))), span);
        }
        match function {
            Some(f) if f.kind() == k::IDENTIFIER && self.text(f) != UNKNOWN_NAME => {
                let callee = self.text(f).to_owned();
                let callee_span = self.span(f);
                Expr::new(
                    ExprKind::Call {
                        callee,
                        callee_span,
                        args,
                    },
                    span,
                )
            }
            _ => {
                // A call through a pointer: unknown value, and whatever it was given the address
                // of may have changed.
                if let Some(f) = function {
                    let _ = self.lower_expr(f);
                }
                self.clobbers.extend(addr_args);
                unknown(span)
            }
        }
    }

    /// The type a parenthesized type name `(T)` names.
    fn parenthesized_type_name(&self, node: Node<'_>) -> Option<Ty> {
        let inner =
            Self::first_named(node).filter(|_| node.kind() == k::PARENTHESIZED_EXPRESSION)?;
        let name = self.text(inner);
        (inner.kind() == k::IDENTIFIER && self.is_type_name(name))
            .then(|| self.type_from_name(name))
    }

    /// `(target, value)` of an assignment, compound ones as `target op value`.
    pub(super) fn assignment_value(&mut self, node: Node<'_>) -> Option<(Expr, Expr)> {
        let left = node.child_by_field_name(k::F_LEFT)?;
        let right = node.child_by_field_name(k::F_RIGHT)?;
        let op = node.child_by_field_name(k::F_OPERATOR)?.kind();
        let target = self.lower_expr(left);
        let value = self.lower_expr(right);
        if op == k::OP_ASSIGN {
            return Some((target, value));
        }
        let span = self.span(node);
        let value = match binop(op) {
            Some(op) => Expr::new(
                ExprKind::Binary(op, Box::new(target.clone()), Box::new(value)),
                span,
            ),
            None => unknown(span),
        };
        Some((target, value))
    }

    /// An expression in statement position (expression statements, `for` init and step):
    /// assignments (chains `a = b = 0` included) and comma expressions become statements.
    pub(super) fn lower_effects(&mut self, node: Node<'_>, span: Span, out: &mut Vec<Stmt>) {
        if !self.enter(node) {
            let names = self.assigned_names(node);
            out.push(self.opaque(names, span));
            return;
        }
        match node.kind() {
            k::COMMA_EXPRESSION => {
                for part in [k::F_LEFT, k::F_RIGHT] {
                    if let Some(p) = node.child_by_field_name(part) {
                        let pspan = self.span(p);
                        self.lower_effects(p, pspan, out);
                    }
                }
            }
            k::PARENTHESIZED_EXPRESSION
                if Self::first_named(node).is_some_and(|i| {
                    i.kind() == k::COMMA_EXPRESSION || i.kind() == k::ASSIGNMENT_EXPRESSION
                }) =>
            {
                if let Some(inner) = Self::first_named(node) {
                    self.lower_effects(inner, span, out);
                }
            }
            k::ASSIGNMENT_EXPRESSION => {
                // `a = b = c`: first `b = c`, then `a = b`.
                let right = node.child_by_field_name(k::F_RIGHT);
                let chained = right.filter(|r| r.kind() == k::ASSIGNMENT_EXPRESSION);
                if let Some(inner) = chained {
                    let ispan = self.span(inner);
                    self.lower_effects(inner, ispan, out);
                }
                let pair = if let (Some(inner), Some(left)) =
                    (chained, node.child_by_field_name(k::F_LEFT))
                {
                    // The value of `b = c` is `b` (after the assignment above).
                    let target = self.lower_expr(left);
                    let value = match inner.child_by_field_name(k::F_LEFT) {
                        Some(l) => self.lower_expr(l),
                        None => unknown(self.span(inner)),
                    };
                    let op = node.child_by_field_name(k::F_OPERATOR).map(|o| o.kind());
                    let value = match op.and_then(binop) {
                        Some(op) if op_is_compound(node) => Expr::new(
                            ExprKind::Binary(op, Box::new(target.clone()), Box::new(value)),
                            self.span(node),
                        ),
                        _ => value,
                    };
                    Some((target, value))
                } else {
                    self.assignment_value(node)
                };
                self.flush_clobbers(span, out);
                match pair {
                    Some((target, value)) => out.push(Stmt {
                        kind: StmtKind::Assign { target, value },
                        span,
                    }),
                    None => out.push(Stmt {
                        kind: StmtKind::Eval(unknown(span)),
                        span,
                    }),
                }
            }
            _ => {
                let e = self.lower_expr(node);
                self.flush_clobbers(span, out);
                out.push(Stmt {
                    kind: StmtKind::Eval(e),
                    span,
                });
            }
        }
        self.leave();
    }

    /// Emits the `Opaque` for variables assigned inside the expressions just lowered.
    pub(super) fn flush_clobbers(&mut self, span: Span, out: &mut Vec<Stmt>) {
        if !self.clobbers.is_empty() {
            let names = std::mem::take(&mut self.clobbers);
            out.push(self.opaque(names, span));
        }
    }

    /// Lowers the text `body` (found at byte `base` of the current file) as a C expression,
    /// with a separate parse; `Unknown` when it is not exactly one expression.
    pub(super) fn lower_fragment_expr(&mut self, body: &str, base: usize) -> Expr {
        const PREFIX: &str = expand::EXPRESSION_PREFIX;
        let whole = self.span_of(base, base + body.len());
        // Line continuations become spaces (same length).
        let body_text = body.replace("\\\r\n", "   ").replace("\\\n", "  ");
        if body_text.trim().is_empty() {
            return unknown(whole);
        }
        let src = format!("{PREFIX}{body_text}{}", expand::EXPRESSION_SUFFIX);
        let spans = self.fragment_spans(base, body.len(), PREFIX.len());
        let Some((tree, ctx)) = self.parse(&src, spans, true) else {
            return unknown(whole);
        };
        if tree.root_node().has_error() {
            return unknown(whole);
        }
        let Some(inner) = expand::expression_of(tree.root_node()) else {
            return unknown(whole);
        };
        let saved = std::mem::replace(&mut self.file, ctx);
        let e = self.lower_expr(inner);
        self.file = saved;
        e
    }

    fn lower_offsetof(&mut self, node: Node<'_>) -> ExprKind {
        let Some(t) = node.child_by_field_name(k::F_TYPE) else {
            return ExprKind::Unknown;
        };
        let ty = self.lower_type_descriptor(t);
        let Some(member) = node.child_by_field_name(k::F_MEMBER) else {
            return ExprKind::Unknown;
        };
        let path = match self.file.offsetof_members.get(&member.start_byte()) {
            Some(original) => original.clone(),
            None => self.text(member).to_owned(),
        };
        match self.parse_member_path(&path, member.start_byte()) {
            Some(designators) => ExprKind::Offsetof(ty, designators),
            None => {
                let (span, quoted) = (self.span(member), self.quote(member, &path));
                self.note(
                    span,
                    format!("could not parse the offsetof member {quoted}"),
                );
                ExprKind::Unknown
            }
        }
    }

    /// `a.b[i][2].c` → designators (subscripts parsed as expressions).
    fn parse_member_path(&mut self, path: &str, base: usize) -> Option<Vec<Designator>> {
        let bytes = path.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        let mut expect_name = true;
        while i < bytes.len() {
            let c = bytes[i];
            if c.is_ascii_whitespace() {
                i += 1;
            } else if expect_name {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                if start == i || bytes[start].is_ascii_digit() {
                    return None;
                }
                out.push(Designator::Field(path[start..i].to_owned()));
                expect_name = false;
            } else if c == b'.' {
                expect_name = true;
                i += 1;
            } else if c == b'[' {
                let start = i + 1;
                let mut depth = 0usize;
                let mut j = start;
                loop {
                    match bytes.get(j)? {
                        b'[' | b'(' => depth += 1,
                        b']' if depth == 0 => break,
                        b']' | b')' => depth = depth.checked_sub(1)?,
                        _ => {}
                    }
                    j += 1;
                }
                let index = self.lower_fragment_expr(&path[start..j], base + start);
                out.push(Designator::Index(index));
                i = j + 1;
            } else {
                return None;
            }
        }
        (!out.is_empty() && !expect_name).then_some(out)
    }

    /// Is `name` a type (a typedef seen so far, or a builtin type name such as `MPI_Aint`)?
    pub(super) fn is_type_name(&self, name: &str) -> bool {
        self.read(|| Read::TypeName(name.to_owned()));
        self.typedef_names.contains(name) || super::types::builtin_type(name).is_some()
    }

    // ----- constant evaluation -----

    /// Integer value of `e`, or `None` when it depends on something unknown.
    pub(super) fn const_eval(&self, e: &Expr, mode: EvalMode) -> Option<i128> {
        let mut budget = 100_000usize;
        self.eval_in(e, mode, &HashMap::new(), 0, &mut budget)
    }

    /// What a macro body is worth in `#if`, its parameters bound to `params`.
    pub(super) fn preproc_value(
        &self,
        body: &Expr,
        params: &HashMap<String, i128>,
    ) -> Option<i128> {
        let mut budget = 100_000usize;
        self.eval_in(body, EvalMode::Preproc, params, 0, &mut budget)
    }

    fn eval_in(
        &self,
        e: &Expr,
        mode: EvalMode,
        env: &HashMap<String, i128>,
        depth: usize,
        budget: &mut usize,
    ) -> Option<i128> {
        if depth > EVAL_DEPTH || *budget == 0 {
            return None;
        }
        *budget -= 1;
        let ev = |x: &Expr, budget: &mut usize| self.eval_in(x, mode, env, depth + 1, budget);
        Some(match &e.kind {
            ExprKind::Int(v) => *v,
            ExprKind::Name(name) => {
                if let Some(v) = env.get(name) {
                    return Some(*v);
                }
                // Code is lowered from its expansion: a name left there is no macro.
                if mode == EvalMode::Constant {
                    self.read(|| Read::Enumerator(name.clone()));
                    return self.enum_values.get(name).copied();
                }
                match self.macros.state(name) {
                    MacroState::Defined { params: None, body } => {
                        return self.eval_in(&body.expr, mode, &HashMap::new(), depth + 1, budget);
                    }
                    MacroState::Undefined => 0,
                    _ => return None,
                }
            }
            ExprKind::Defined(name) => match self.macros.is_defined(name) {
                Some(defined) => i128::from(defined),
                None => return None,
            },
            ExprKind::Call { callee, args, .. } if mode == EvalMode::Preproc => {
                let MacroState::Defined {
                    params: Some(params),
                    body,
                } = self.macros.state(callee)
                else {
                    return None;
                };
                if params.len() != args.len() {
                    return None;
                }
                let mut inner = HashMap::new();
                for (p, a) in params.iter().zip(args) {
                    inner.insert(p.clone(), ev(a, budget)?);
                }
                return self.eval_in(&body.expr, mode, &inner, depth + 1, budget);
            }
            ExprKind::Unary(op, x) => op.apply(ev(x, budget)?)?,
            ExprKind::Binary(op, a, b) => {
                let l = ev(a, budget);
                // `&&` and `||` decide on their left side when they can.
                match (op, l) {
                    (BinOp::And, Some(0)) => return Some(0),
                    (BinOp::Or, Some(v)) if v != 0 => return Some(1),
                    _ => {}
                }
                op.apply(l?, ev(b, budget)?)?
            }
            ExprKind::Cond(c, a, b) => {
                if ev(c, budget)? != 0 {
                    ev(a, budget)?
                } else {
                    ev(b, budget)?
                }
            }
            ExprKind::Cast(Ty::C(_), x) if mode == EvalMode::Constant => ev(x, budget)?,
            _ => return None,
        })
    }

    /// Swaps in another file context (used by includes).
    pub(super) fn swap_file(&mut self, ctx: FileCtx) -> FileCtx {
        std::mem::replace(&mut self.file, ctx)
    }
}

fn op_is_compound(node: Node<'_>) -> bool {
    node.child_by_field_name(k::F_OPERATOR)
        .is_some_and(|o| o.kind() != k::OP_ASSIGN)
}
