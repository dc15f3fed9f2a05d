//! Statement functions (`npad(n) = n + 2`, F77's one-line functions local to a unit): a
//! reference stands for the expression, each dummy argument replaced by the actual one, which
//! is what Fortran evaluates there (with the unit's variables as they are at the reference).

use tree_sitter::Node;

use super::{kinds as k, named_children, Lowerer};
use crate::ir::{calls_a_function, visit_expr_mut, Expr, ExprKind, Ty};

/// A statement function: its dummy arguments and its expression.
#[derive(Clone, Debug)]
pub(super) struct StatementFunction {
    pub params: Vec<String>,
    pub body: Expr,
}

impl Lowerer<'_> {
    /// Records a statement function, whose references stand for its expression; one whose
    /// dummy arguments are not all names is not recorded (its references stay unknown).
    pub(super) fn statement_function(&mut self, name: String, args: &[Expr], body: Node) {
        let params: Option<Vec<String>> = args
            .iter()
            .map(|a| match &a.kind {
                ExprKind::Name(n) => Some(n.clone()),
                _ => None,
            })
            .collect();
        let Some(params) = params else {
            return;
        };
        let body = self.expr(body);
        let function = StatementFunction { params, body };
        self.scope().statement_functions.insert(name, function);
    }

    /// A reference to one of the unit's statement functions: its expression, each dummy
    /// argument replaced by the actual one, converted to the function's type; unknown when an
    /// argument calls a function (evaluated once, it may be named twice in the expression).
    /// `None` when `name` is no statement function.
    pub(super) fn statement_function_reference(
        &mut self,
        name: &str,
        list: Node,
    ) -> Option<ExprKind> {
        let name = name.to_ascii_lowercase();
        let scope = self.scopes.last()?;
        let function = scope.statement_functions.get(&name)?.clone();
        let ty = scope.type_of(&name);
        let written: Vec<Node> = named_children(list).collect();
        if written.len() != function.params.len()
            || written.iter().any(|a| a.kind() == k::KEYWORD_ARGUMENT)
            || matches!(ty, Ty::Unknown)
        {
            return Some(ExprKind::Unknown);
        }
        let args: Vec<Expr> = written.into_iter().map(|a| self.expr(a)).collect();
        if args.iter().any(calls_a_function) {
            return Some(ExprKind::Unknown);
        }
        // The dummies first become names no code has, so that an actual argument that names a
        // dummy is not replaced in turn.
        const DUMMY: &str = "\u{0}dummy ";
        let mut body = function.body;
        visit_expr_mut(&mut body, &mut |e| {
            if let ExprKind::Name(n) = &e.kind {
                if let Some(i) = function.params.iter().position(|p| p == n) {
                    e.kind = ExprKind::Name(format!("{DUMMY}{i}"));
                }
            }
        });
        visit_expr_mut(&mut body, &mut |e| {
            let dummy = match &e.kind {
                ExprKind::Name(n) => n.strip_prefix(DUMMY).and_then(|i| i.parse::<usize>().ok()),
                _ => None,
            };
            if let Some(arg) = dummy.and_then(|i| args.get(i)) {
                *e = arg.clone();
            }
        });
        Some(ExprKind::Cast(ty, Box::new(body)))
    }
}
