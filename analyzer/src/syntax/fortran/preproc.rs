//! The C preprocessor of `.F`/`.F90` files, as far as it is decidable (the shared
//! [`crate::syntax::preproc`] decides): `#define`d constants are substituted where the code names
//! them (cpp is case-sensitive), `#if`/`#ifdef` keep the branch the known macros select, and
//! every possible branch is kept (as an `IF` of unknown condition) when they cannot be decided.

use std::collections::HashMap;

use tree_sitter::Node;

use super::{kinds as k, named_children, parser, FileCtx, Lowerer, SpanMode};
use crate::ir::{Expr, ExprKind, Stmt};
use crate::syntax::c::literals::parse_number;
use crate::syntax::preproc::{
    lower_group, undecided_branches, Branches, Condition, Lowered, MacroState, Macros,
};

/// Lowers one item of a list (a unit's statements, or the file's units) into `out`.
pub(super) type ItemLowering<'a> = fn(&mut Lowerer<'a>, Node, &mut Vec<Stmt>);

impl<'a> Lowerer<'a> {
    /// The replacement text of an object-like macro, by its exact (case-sensitive) name.
    pub(super) fn macro_value(&self, name: &str) -> Option<&str> {
        if !self.preprocessed {
            return None;
        }
        self.macros.object_body(name).map(String::as_str)
    }

    /// The expression a macro use stands for, parsed from its replacement text; `None` when
    /// `name` is not a known macro.
    pub(super) fn macro_expansion(&mut self, name: &str, at: Node) -> Option<Expr> {
        if !self.preprocessed {
            return None;
        }
        // Only what this file (or a `-D`) defines: a name MPI or the compiler may define is
        // still an ordinary name in code.
        let body = match self.macros.get(name)? {
            MacroState::Defined { params: None, body } => body.clone(),
            MacroState::Undefined => return None,
            MacroState::Defined { .. }
            | MacroState::MaybeDefined { .. }
            | MacroState::Uncertain => return Some(Expr::unknown(self.span(at))),
        };
        let span = self.span(at);
        let source = format!("x = {body}\nend\n");
        let tree = parser()?.parse(&source, None)?;
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
            k::PREPROC_DEF | k::PREPROC_FUNCTION_DEF => {
                if let Some((name, state)) = definition(node, &self.file.text) {
                    self.macros.set(name, state);
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
                    self.macros.set(name, MacroState::Undefined);
                }
            }
            k::PREPROC_INCLUDE => {
                if let Some(path) = node.child_by_field_name("path") {
                    let name = self
                        .text(path)
                        .trim_matches(['"', '<', '>', '\''])
                        .to_owned();
                    let at = self.span(node);
                    self.lower_included(&name, true, at, out, item);
                }
            }
            k::PREPROC_IF | k::PREPROC_IFDEF => self.conditional(node, out, item),
            _ => {}
        }
        self.leave();
    }

    /// A conditional group: the compiled branch, or an `IF` of unknown condition over the
    /// possible ones (the evaluator runs both sides and joins them).
    fn conditional(&mut self, node: Node, out: &mut Vec<Stmt>, item: ItemLowering<'a>) {
        let condition = Condition {
            text: &self.file.text,
            macros: &self.macros,
            body_value: &number_body,
        };
        let branches = Branches::of(node, &condition);
        let lowered = lower_group(
            self,
            branches,
            |this| &mut this.macros,
            |this, items, _| {
                let mut body = Vec::new();
                for child in items {
                    item(this, *child, &mut body);
                }
                body
            },
        );
        let (bodies, exhaustive) = match lowered {
            Lowered::Decided(body) => return out.extend(body),
            Lowered::Undecided {
                branches,
                exhaustive,
            } => (branches, exhaustive),
        };
        let span = self.span(node);
        out.extend(undecided_branches(bodies, exhaustive, span));
    }
}

/// What a macro's body is worth in an `#if`: cpp reads it as a C expression; of those, a number
/// is what is known here. (`&String`: the body type `Condition` is given, `Macros<String>`.)
#[allow(clippy::ptr_arg)]
pub(super) fn number_body(body: &String, _: &HashMap<String, i128>) -> Option<i128> {
    match parse_number(body.trim()) {
        ExprKind::Int(v) => Some(v),
        _ => None,
    }
}

/// The macro a `#define` (object- or function-like) at `node` defines, with its body as
/// written, in `text`.
pub(super) fn definition(node: Node, text: &str) -> Option<(String, MacroState<String>)> {
    let text_of = |n: Node| text.get(n.byte_range()).unwrap_or("").trim().to_owned();
    let name = text_of(node.child_by_field_name("name")?);
    let body = node
        .child_by_field_name("value")
        .map(text_of)
        .unwrap_or_default();
    let params = (node.kind() == k::PREPROC_FUNCTION_DEF).then(|| {
        node.child_by_field_name("parameters")
            .map(|p| named_children(p).map(text_of).collect())
            .unwrap_or_default()
    });
    Some((name, MacroState::Defined { params, body }))
}

/// `-D NAME[=VALUE]` options, as definitions before a file's first line.
pub(super) fn command_line_macros(defines: &[(String, Option<String>)]) -> Macros<String> {
    let mut macros = Macros::default();
    for (name, value) in defines {
        let body = value.clone().unwrap_or_else(|| "1".to_owned());
        let state = MacroState::Defined { params: None, body };
        macros.set(name.clone(), state);
    }
    macros
}
