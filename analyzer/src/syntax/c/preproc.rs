//! Preprocessor directives: `#define`/`#undef`, `#include "..."`, `#pragma pack`/`once`, and
//! conditionals, decided against the macros known so far; what cannot be decided keeps every
//! possible branch (joined by the evaluator in code, marked unknown in types).

use std::collections::HashMap;
use std::rc::Rc;

use tree_sitter::Node;

use super::cpp::Definition;
use super::kinds as k;
use super::memo::Read;
use super::statement_macros::strip_comments;
use super::{Lowerer, MacroBody, MacroState, SpanMode};
use crate::fingerprint::Fingerprint;
use crate::ir::{ArrayDim, Decl, Designator, Expr, ExprKind, Field, Init, Stmt, StmtKind, Ty};
use crate::source::Span;
use crate::syntax::preproc::{lower_group, undecided_branches, Branches, Condition, Lowered};

impl Lowerer<'_> {
    /// `-D NAME[=VALUE]` options, as definitions at the top of the file.
    pub(super) fn lower_command_line_defines(&mut self) {
        let defines = self.options.defines.clone();
        let saved = std::mem::replace(&mut self.file.spans, SpanMode::Fixed(Span::new(0, 0)));
        for (name, value) in defines {
            let body = value.unwrap_or_else(|| "1".to_owned());
            self.statement_macros.define(&name, false, &body);
            self.define(name, Span::new(0, 0), None, false, &body, 0);
        }
        self.file.spans = saved;
    }

    /// Defines a macro, in force from here: for `#if` and for the code that uses it.
    pub(super) fn define(
        &mut self,
        name: String,
        name_span: Span,
        params: Option<Vec<String>>,
        variadic: bool,
        body: &str,
        base: usize,
    ) {
        let parsed = self.lower_fragment_expr(body, base);
        if mentions(&parsed, &name) {
            self.note(
                name_span,
                format!(
                    "macro `{name}` refers to itself: the inner `{name}` is not expanded again"
                ),
            );
        }
        let text = strip_comments(body);
        let fingerprint = Fingerprint::default().mix(&(&params, variadic, &text));
        let definition = Definition::new(params.clone(), variadic, &text);
        let state = MacroState::Defined {
            params,
            body: MacroBody {
                expr: Rc::new(parsed),
                definition: Rc::new(definition),
                fingerprint,
            },
        };
        if self.macros.get(&name).is_none() {
            self.program.macro_names.push(name.clone());
        }
        self.macros.set(name, state);
    }

    /// `#define`, `#undef`, `#pragma`, `#include`.
    pub(super) fn lower_directive(&mut self, node: Node<'_>) {
        match node.kind() {
            k::PREPROC_DEF | k::PREPROC_FUNCTION_DEF => {
                let Some(name_node) = node.child_by_field_name(k::F_NAME) else {
                    return;
                };
                let name = self.text(name_node).to_owned();
                let name_span = self.span(name_node);
                let parameters = node.child_by_field_name(k::F_PARAMETERS);
                let variadic = parameters.is_some_and(|p| {
                    let mut cursor = p.walk();
                    let found = p.children(&mut cursor).any(|c| c.kind() == k::ELLIPSIS);
                    found
                });
                let params = parameters.map(|p| {
                    let mut cursor = p.walk();
                    let names: Vec<String> = p
                        .named_children(&mut cursor)
                        .filter(|c| c.kind() == k::IDENTIFIER)
                        .map(|c| self.text(c).to_owned())
                        .collect();
                    names
                });
                let (body, base) = match node.child_by_field_name(k::F_VALUE) {
                    Some(v) => (self.original_text(v).to_owned(), v.start_byte()),
                    None => (String::new(), node.end_byte()),
                };
                // `#define FLAG` has an empty body: defined, and 1 nowhere (it expands to
                // nothing), so only `defined(FLAG)` is known.
                self.define(name, name_span, params, variadic, &body, base);
            }
            k::PREPROC_CALL => {
                let directive = node
                    .child_by_field_name(k::F_DIRECTIVE)
                    .map(|d| self.text(d).to_owned());
                let argument = node
                    .child_by_field_name(k::F_ARGUMENT)
                    .map(|a| self.text(a).to_owned())
                    .unwrap_or_default();
                let directive: String = directive.unwrap_or_default().split_whitespace().collect();
                match directive.as_str() {
                    "#undef" => {
                        if let Some(name) = argument.split_whitespace().next() {
                            self.macros.set(name.to_owned(), MacroState::Undefined);
                        }
                    }
                    "#pragma" => self.lower_pragma(&argument),
                    "#error" | "#warning" | "#line" | "#ident" => {}
                    _ => {}
                }
            }
            k::PREPROC_INCLUDE => self.lower_include(node),
            _ => {}
        }
    }

    /// `#pragma pack(...)` and `#pragma once`.
    fn lower_pragma(&mut self, argument: &str) {
        let words: String = argument.split_whitespace().collect();
        if words == "once" {
            self.saw_pragma_once = true;
            return;
        }
        let Some(args) = words
            .strip_prefix("pack(")
            .and_then(|a| a.strip_suffix(')'))
        else {
            return;
        };
        let parts: Vec<&str> = args.split(',').filter(|p| !p.is_empty()).collect();
        let value = |s: &str| s.parse::<u32>().ok().filter(|v| v.is_power_of_two());
        match parts.as_slice() {
            [] => self.pack = None,
            ["push"] => self.pack_stack.push(self.pack),
            ["push", n] => {
                self.pack_stack.push(self.pack);
                self.pack = value(n);
            }
            ["pop", ..] => self.pack = self.pack_stack.pop().unwrap_or(None),
            [n] => self.pack = value(n),
            _ => {}
        }
    }

    /// `#include "name"` through the resolver; `<...>` headers (and quoted ones not found) from
    /// the model of the standard headers, when it has them.
    fn lower_include(&mut self, node: Node<'_>) {
        let Some(path) = node.child_by_field_name(k::F_PATH) else {
            return;
        };
        let span = self.span(node);
        if path.kind() == k::SYSTEM_LIB_STRING {
            let name = self.text(path).trim_matches(['<', '>']).trim().to_owned();
            self.include_standard_header(&name, span);
            return;
        }
        if path.kind() != k::STRING_LITERAL {
            return;
        }
        let name = super::literals::decode_string(self.text(path));
        self.read(|| Read::IncludedOnce(name.clone()));
        if self.included_once.contains(&name) || self.include_stack.contains(&name) {
            return;
        }
        if self.include_stack.len() >= self.options.max_include_depth {
            self.note(
                span,
                format!("`#include \"{name}\"` nests too deep; not followed"),
            );
            return;
        }
        let Some(text) = self.include_text(&name) else {
            if self.include_standard_header(&name, span) {
                return;
            }
            if let Some(note) = self
                .include_budget
                .refusal_note(|| crate::syntax::include_refusal(&name))
            {
                self.note(span, note);
            }
            return;
        };
        // Declarations from a header point at the `#include` line.
        let parsed =
            crate::syntax::parsed_prefix(&text, self.options.max_bytes, super::closes_block);
        if parsed.len() < text.len() {
            self.note(
                span,
                format!(
                    "`{name}` is large: only its first {} bytes are read",
                    parsed.len()
                ),
            );
        }
        let Some((tree, ctx)) = self.parse(parsed, SpanMode::Fixed(span), false) else {
            return;
        };
        let saved_file = self.swap_file(ctx);
        let saved_header = std::mem::replace(&mut self.in_header, true);
        let saved_once = std::mem::replace(&mut self.saw_pragma_once, false);
        self.include_stack.push(name.clone());
        let root = tree.root_node();
        if root.has_error() {
            self.note(
                span,
                format!("`{name}` has parse errors; what could be read is used"),
            );
        }
        self.lower_top_items(root);
        self.include_stack.pop();
        if self.saw_pragma_once {
            self.included_once.insert(name);
        }
        self.saw_pragma_once = saved_once;
        self.in_header = saved_header;
        self.file = saved_file;
    }

    /// Lowers the conditional group at `node` with `lower` (told whether its branch is the one
    /// compiled), deciding what the macros known so far decide.
    fn lower_group<'t, T>(
        &mut self,
        node: Node<'t>,
        lower: impl FnMut(&mut Self, &[Node<'t>], bool) -> T,
    ) -> Lowered<T> {
        let body_value = |body: &MacroBody, params: &HashMap<String, i128>| {
            self.preproc_value(&body.expr, params)
        };
        let condition = Condition {
            text: &self.file.text,
            macros: &self.macros,
            body_value: &body_value,
        };
        let branches = Branches::of(node, &condition);
        lower_group(self, branches, |this| &mut this.macros, lower)
    }

    /// A conditional at file scope: the compiled branch, or every possible one.
    pub(super) fn lower_conditional_top(&mut self, node: Node<'_>) {
        self.lower_group(node, |this, items, _| {
            for item in items {
                this.lower_top_item(*item);
            }
        });
    }

    /// A conditional among statements: the compiled branch, or an `if` on an unknown
    /// condition over the possible ones (the evaluator runs both sides and joins them).
    pub(super) fn lower_conditional_stmts(&mut self, node: Node<'_>, out: &mut Vec<Stmt>) {
        let span = self.span(node);
        let (mut bodies, exhaustive) =
            match self.lower_group(node, |this, items, _| this.lower_stmt_nodes(items)) {
                Lowered::Decided(stmts) => return out.extend(stmts),
                Lowered::Undecided {
                    branches,
                    exhaustive,
                } => (branches, exhaustive),
            };
        // `#if` opens no scope: what a branch declares is declared before the `if`.
        let mut hoisted: Vec<Decl> = Vec::new();
        for body in &mut bodies {
            for stmt in std::mem::take(body) {
                let StmtKind::Decl(decl) = stmt.kind else {
                    body.push(stmt);
                    continue;
                };
                match hoisted.iter_mut().find(|d| d.name == decl.name) {
                    // Declared in several branches, maybe with different types: an array
                    // stays an array (of unknown elements and length).
                    Some(first) => {
                        first.ty = match (&first.ty, &decl.ty) {
                            (Ty::Array(_, a), Ty::Array(_, b)) if a.len() == b.len() => {
                                let dims = a.iter().map(|d| ArrayDim {
                                    lower: d.lower.clone(),
                                    upper: None,
                                });
                                Ty::Array(Box::new(Ty::Unknown), dims.collect())
                            }
                            _ => Ty::Unknown,
                        }
                    }
                    None => hoisted.push(Decl {
                        init: None,
                        constant: false,
                        ..decl.clone()
                    }),
                }
                let target = Expr::new(ExprKind::Name(decl.name.clone()), decl.name_span);
                body.push(self.opaque(vec![decl.name.clone()], stmt.span));
                if let Some(init) = decl.init {
                    initializer_assignments(target, &decl.ty, init, stmt.span, body);
                }
            }
        }
        out.extend(hoisted.into_iter().map(|d| Stmt {
            kind: StmtKind::Decl(d),
            span,
        }));
        out.extend(undecided_branches(bodies, exhaustive, span));
    }

    /// A conditional among struct members: the compiled branch, else an unknown layout.
    pub(super) fn lower_conditional_fields(&mut self, node: Node<'_>, fields: &mut Vec<Field>) {
        // Members of every possible branch stay reachable by name.
        let lowered = self.lower_group(node, |this, items, _| {
            for item in items {
                this.lower_field_item(*item, fields);
            }
        });
        if let Lowered::Undecided { .. } = lowered {
            fields.push(Self::unknown_field());
        }
    }

    /// A conditional among enumerators: the compiled branch, else unknown values from here on.
    pub(super) fn lower_conditional_enumerators(
        &mut self,
        node: Node<'_>,
        ty: &Ty,
        next: &mut Option<Expr>,
    ) {
        let start = next.take();
        let lowered = self.lower_group(node, |this, items, decided| {
            // Values inside an undecided branch are not known either.
            let mut branch_next = if decided { start.clone() } else { None };
            for item in items {
                this.lower_enumerator_item(*item, ty, &mut branch_next);
            }
            branch_next
        });
        if let Lowered::Decided(after) = lowered {
            *next = after;
        }
    }
}

/// The assignments an initializer performs on `target` of type `ty`: expressions, array
/// elements by position or index designator, and members by name. A positional member of a
/// struct (whose order the front end does not track here) leaves the target unknown.
fn initializer_assignments(target: Expr, ty: &Ty, init: Init, span: Span, out: &mut Vec<Stmt>) {
    let items = match init {
        Init::Expr(value) => {
            out.push(Stmt {
                kind: StmtKind::Assign { target, value },
                span,
            });
            return;
        }
        Init::List(items) => items,
    };
    let element = match ty {
        Ty::Array(elem, dims) if dims.len() > 1 => {
            Some(Ty::Array(elem.clone(), dims[1..].to_vec()))
        }
        Ty::Array(elem, _) => Some((**elem).clone()),
        _ => None,
    };
    let mut next = Expr::int(0, span);
    for (designators, item) in items {
        let (part, part_ty) = match (designators.first(), &element) {
            (Some(Designator::Index(index)), Some(elem)) => {
                next = index.clone();
                (
                    ExprKind::Index {
                        base: Box::new(target.clone()),
                        indices: vec![next.clone()],
                    },
                    elem.clone(),
                )
            }
            (None, Some(elem)) => (
                ExprKind::Index {
                    base: Box::new(target.clone()),
                    indices: vec![next.clone()],
                },
                elem.clone(),
            ),
            (Some(Designator::Field(field)), None) => (
                ExprKind::Member {
                    base: Box::new(target.clone()),
                    field: field.clone(),
                },
                Ty::Unknown,
            ),
            _ => {
                let names = target.root_name().map(str::to_owned).into_iter().collect();
                out.push(Stmt {
                    kind: StmtKind::Opaque { names },
                    span,
                });
                return;
            }
        };
        let rest = match designators.len() {
            0 | 1 => item,
            _ => Init::List(vec![(designators[1..].to_vec(), item)]),
        };
        initializer_assignments(Expr::new(part, span), &part_ty, rest, span, out);
        next = Expr::new(
            ExprKind::Binary(
                crate::ir::BinOp::Add,
                Box::new(next),
                Box::new(Expr::int(1, span)),
            ),
            span,
        );
    }
}

/// Whether an expression names `name` (as a variable or a callee), for the self-reference note.
fn mentions(e: &Expr, name: &str) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match &e.kind {
            ExprKind::Name(n) if n == name => return true,
            ExprKind::Call { callee, args, .. } => {
                if callee == name {
                    return true;
                }
                stack.extend(args);
            }
            ExprKind::Unary(_, a)
            | ExprKind::Cast(_, a)
            | ExprKind::SizeofExpr(a)
            | ExprKind::AddrOf(a)
            | ExprKind::Deref(a)
            | ExprKind::Member { base: a, .. }
            | ExprKind::IncDec { target: a, .. } => stack.push(a),
            ExprKind::Binary(_, a, b) => stack.extend([&**a, &**b]),
            ExprKind::Cond(a, b, c) => stack.extend([&**a, &**b, &**c]),
            ExprKind::Index { base, indices } => {
                stack.push(base);
                stack.extend(indices);
            }
            ExprKind::ArrayCtor(items) => stack.extend(items),
            _ => {}
        }
    }
    false
}
