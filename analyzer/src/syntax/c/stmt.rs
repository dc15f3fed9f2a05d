//! Function definitions and statements.

use tree_sitter::Node;

use super::expand::{self, Unit};
use super::kinds as k;
use super::{unknown, FunctionNames, Lowerer};
use crate::ir::{statements, BinOp, Expr, ExprKind, Function, Stmt, StmtKind, Storage};
use crate::source::Span;

impl Lowerer<'_> {
    pub(super) fn lower_function(&mut self, node: Node<'_>) -> Option<Function> {
        let (base, _) = self.lower_specifiers(node);
        let mut pending = std::mem::take(&mut self.pending);
        self.program.globals.append(&mut pending);
        let declarator = node.child_by_field_name(k::F_DECLARATOR)?;
        let declared = self.apply_declarator(declarator, base)?;
        let params = declared
            .function_params
            .map(|p| self.lower_params(p))
            .unwrap_or_default();
        let body_node = node.child_by_field_name(k::F_BODY)?;
        self.function_body = Some(FunctionNames {
            names: None,
            range: node.byte_range(),
        });
        let mut body = self.lower_block(body_node);
        self.settle_jumps(node, &mut body);
        settle_statics(&mut body);
        self.function_body = None;
        Some(Function {
            is_main: declared.name == "main",
            name: declared.name,
            name_span: declared.name_span,
            params,
            body,
            span: self.span(node),
            fortran: None,
            host: None,
            identity: None,
        })
    }

    /// Keeps the `goto`s and labels of a function whose paths the evaluator can join where the
    /// label stands (forward jumps out of the blocks before it, `goto fn_fail`); any other
    /// jump, and its label, forgets what the function assigns, since a path may arrive there
    /// with other values. A label whose address is taken (`&&label`) may be reached from
    /// anywhere.
    fn settle_jumps(&mut self, function: Node<'_>, body: &mut [Stmt]) {
        let text = self.text(function);
        let mut forward = crate::ir::forward_labels(body);
        forward.retain(|label| !address_taken(text, label));
        let mut names = None;
        let mut settle = |stmt: &mut Stmt| {
            if let StmtKind::Goto(label) | StmtKind::Label(label) = &stmt.kind {
                if !forward.contains(label) {
                    let names = names
                        .get_or_insert_with(|| self.function_assigned_names(function))
                        .clone();
                    stmt.kind = StmtKind::Opaque { names };
                }
            }
        };
        crate::ir::visit_stmts_mut(body, &mut settle);
    }

    /// The statements of a compound statement (or of one statement used as a body).
    pub(super) fn lower_block(&mut self, node: Node<'_>) -> Vec<Stmt> {
        let mut out = Vec::new();
        if node.kind() == k::COMPOUND_STATEMENT {
            self.lower_stmt_children(node, &mut out);
        } else {
            self.lower_stmt(node, &mut out);
        }
        out
    }

    pub(super) fn lower_stmt_children(&mut self, node: Node<'_>, out: &mut Vec<Stmt>) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            self.lower_stmt(child, out);
        }
    }

    /// Lowers the statement nodes of a conditional branch.
    pub(super) fn lower_stmt_nodes(&mut self, nodes: &[Node<'_>]) -> Vec<Stmt> {
        let mut out = Vec::new();
        for node in nodes {
            self.lower_stmt(*node, &mut out);
        }
        out
    }

    /// Lowers one statement into `out` (a declaration may produce several): from its
    /// expansion when it uses macros.
    pub(super) fn lower_stmt(&mut self, node: Node<'_>, out: &mut Vec<Stmt>) {
        if let Some(stand_in) = self.stand_in(node) {
            out.push(stand_in);
        }
        let span = self.span(node);
        if !self.enter(node) {
            let names = self.assigned_names(node);
            out.push(self.opaque(names, span));
            return;
        }
        let expanded_whole = expand::expansion_unit(node, None, None) == Some(Unit::Statements)
            || matches!(
                node.kind(),
                k::TYPE_DEFINITION | k::STRUCT_SPECIFIER | k::UNION_SPECIFIER | k::ENUM_SPECIFIER
            );
        if expanded_whole {
            let mut lowered = self.lower_expanding(
                node,
                Unit::Statements,
                |this, root| {
                    let mut stmts = Vec::new();
                    let body = root
                        .named_child(0)
                        .and_then(|f| f.child_by_field_name(k::F_BODY));
                    if let Some(body) = body {
                        this.lower_stmt_children(body, &mut stmts);
                    }
                    stmts
                },
                |this, _| {
                    let mut stmts = Vec::new();
                    this.lower_stmt_kind(node, span, &mut stmts);
                    stmts
                },
            );
            out.append(&mut lowered);
        } else {
            self.lower_stmt_kind(node, span, out);
        }
        self.leave();
    }

    /// Lowers one statement as it is written.
    fn lower_stmt_kind(&mut self, node: Node<'_>, span: Span, out: &mut Vec<Stmt>) {
        let field = |name: &str| node.child_by_field_name(name);
        match node.kind() {
            k::COMPOUND_STATEMENT => {
                let mut body = Vec::new();
                self.lower_stmt_children(node, &mut body);
                out.push(Stmt {
                    kind: StmtKind::Block(body),
                    span,
                });
            }
            k::DECLARATION => self.lower_declaration(node, out),
            k::TYPE_DEFINITION => self.lower_typedef(node),
            k::STRUCT_SPECIFIER | k::UNION_SPECIFIER | k::ENUM_SPECIFIER => {
                let _ = self.lower_type_specifier(node);
                out.append(&mut self.pending);
            }
            k::EXPRESSION_STATEMENT => match node.named_child(0).filter(|e| e.kind() != k::COMMENT)
            {
                Some(e) if self.mpi_call_being_typed(e) => {
                    let quoted = self.quote(e, self.text(e));
                    self.note(
                        span,
                        format!("{quoted} reads as an MPI call being typed: read as a statement that may change any variable"),
                    );
                    let range = self.function_body.as_ref().map(|f| f.range.clone());
                    out.push(self.opaque(self.stand_in_names(range.unwrap_or(0..0)), span));
                }
                Some(e) => self.lower_effects(e, span, out),
                None => {
                    // A use the pre-pass replaced by a `;`, not expanded: what it names may
                    // change.
                    let (start, end) = self.code_range(node);
                    let text = self.file.original.get(start..end).unwrap_or("");
                    let names: Vec<String> = expand::words(text).map(str::to_owned).collect();
                    if !names.is_empty() {
                        out.push(self.opaque(names, span));
                    }
                }
            },
            k::IF_STATEMENT => {
                let cond = self.condition(field(k::F_CONDITION), span);
                let then = field(k::F_CONSEQUENCE)
                    .map(|c| self.lower_block(c))
                    .unwrap_or_default();
                let otherwise = field(k::F_ALTERNATIVE)
                    .and_then(|a| a.named_child(0))
                    .map(|a| self.lower_block(a))
                    .unwrap_or_default();
                self.flush_clobbers(span, out);
                out.push(Stmt {
                    kind: StmtKind::If {
                        cond,
                        then,
                        otherwise,
                    },
                    span,
                });
            }
            k::FOR_STATEMENT => {
                let mut init = Vec::new();
                if let Some(i) = field(k::F_INITIALIZER) {
                    if i.kind() == k::DECLARATION {
                        self.lower_declaration(i, &mut init);
                    } else {
                        let ispan = self.span(i);
                        self.lower_effects(i, ispan, &mut init);
                    }
                }
                let cond = field(k::F_CONDITION).map(|c| self.lower_expr(c));
                let mut step = Vec::new();
                if let Some(u) = field(k::F_UPDATE) {
                    let uspan = self.span(u);
                    self.lower_effects(u, uspan, &mut step);
                }
                let body = self.loop_body(field(k::F_BODY), span, &mut init);
                out.push(Stmt {
                    kind: StmtKind::Loop {
                        init,
                        cond,
                        step,
                        body,
                        test_first: true,
                    },
                    span,
                });
            }
            k::WHILE_STATEMENT | k::DO_STATEMENT => {
                let cond = self.condition(field(k::F_CONDITION), span);
                let mut init = Vec::new();
                let body = self.loop_body(field(k::F_BODY), span, &mut init);
                out.push(Stmt {
                    kind: StmtKind::Loop {
                        init,
                        cond: Some(cond),
                        step: Vec::new(),
                        body,
                        test_first: node.kind() == k::WHILE_STATEMENT,
                    },
                    span,
                });
            }
            k::SWITCH_STATEMENT => self.lower_switch(node, out),
            k::RETURN_STATEMENT => {
                let value = node
                    .named_child(0)
                    .filter(|v| v.kind() != k::COMMENT)
                    .map(|v| self.lower_expr(v));
                self.flush_clobbers(span, out);
                out.push(Stmt {
                    kind: StmtKind::Return(value),
                    span,
                });
            }
            k::BREAK_STATEMENT => out.push(Stmt {
                kind: StmtKind::Break,
                span,
            }),
            k::CONTINUE_STATEMENT => out.push(Stmt {
                kind: StmtKind::Continue,
                span,
            }),
            k::LABELED_STATEMENT => {
                // Where jumps land: settled per function (see `settle_jumps`).
                if let Some(label) = node.child_by_field_name(k::F_LABEL) {
                    out.push(Stmt {
                        kind: StmtKind::Label(self.text(label).to_owned()),
                        span,
                    });
                }
                let last = node.named_child_count().checked_sub(1);
                if let Some(inner) = last
                    .and_then(|i| node.named_child(u32::try_from(i).ok()?))
                    .filter(|c| c.kind() != k::STATEMENT_IDENTIFIER)
                {
                    self.lower_stmt(inner, out);
                }
            }
            k::GOTO_STATEMENT
                if node
                    .child_by_field_name(k::F_LABEL)
                    .is_some_and(|l| l.kind() == k::STATEMENT_IDENTIFIER) =>
            {
                let label = node.child_by_field_name(k::F_LABEL).map(|l| self.text(l));
                out.push(Stmt {
                    kind: StmtKind::Goto(label.unwrap_or_default().to_owned()),
                    span,
                });
            }
            k::GOTO_STATEMENT | k::SEH_TRY_STATEMENT | k::SEH_LEAVE_STATEMENT => {
                let names = if node.kind() == k::SEH_TRY_STATEMENT {
                    self.assigned_names(node)
                } else {
                    self.function_assigned_names(node)
                };
                out.push(self.opaque(names, span));
            }
            k::ATTRIBUTED_STATEMENT => {
                let last = node.named_child_count().checked_sub(1);
                if let Some(inner) = last.and_then(|i| node.named_child(u32::try_from(i).ok()?)) {
                    self.lower_stmt(inner, out);
                }
            }
            k::PREPROC_IF | k::PREPROC_IFDEF => self.lower_conditional_stmts(node, out),
            k::PREPROC_DEF | k::PREPROC_FUNCTION_DEF | k::PREPROC_CALL | k::PREPROC_INCLUDE => {
                self.lower_directive(node)
            }
            k::COMMENT => {}
            _ => {
                if node.is_error() || node.has_error() {
                    self.error_note(node);
                }
                let names = self.assigned_names(node);
                out.push(self.opaque(names, span));
            }
        }
    }

    /// The condition of `if`/`while`/`do` (a parenthesized expression).
    fn condition(&mut self, node: Option<Node<'_>>, span: Span) -> Expr {
        match node {
            Some(c) => self.lower_expr(c),
            None => unknown(span),
        }
    }

    /// A loop's body. Assignments inside the loop's condition (the clobbers lowering it left)
    /// happen on every test: they are forgotten before the loop (in `init`) and at the top of
    /// each iteration.
    fn loop_body(&mut self, body: Option<Node<'_>>, span: Span, init: &mut Vec<Stmt>) -> Vec<Stmt> {
        let clobbered = std::mem::take(&mut self.clobbers);
        let mut body = body.map(|b| self.lower_block(b)).unwrap_or_default();
        if !clobbered.is_empty() {
            body.insert(0, self.opaque(clobbered.clone(), span));
            init.push(self.opaque(clobbered, span));
        }
        body
    }

    /// `switch`: lowered to a run-once loop (so `break` leaves it) holding, for each case, an
    /// `if` on "a case up to here matched", which models fall-through.
    fn lower_switch(&mut self, node: Node<'_>, out: &mut Vec<Stmt>) {
        let span = self.span(node);
        let (Some(cond), Some(body)) = (
            node.child_by_field_name(k::F_CONDITION),
            node.child_by_field_name(k::F_BODY),
        ) else {
            let names = self.assigned_names(node);
            out.push(self.opaque(names, span));
            return;
        };
        let scrutinee = self.lower_expr(cond);
        self.flush_clobbers(span, out);
        let mut cursor = body.walk();
        let children: Vec<Node<'_>> = body.named_children(&mut cursor).collect();
        // Statements before the first case, or cases in nested blocks (Duff's device), are not
        // modelled.
        let plain = children
            .iter()
            .all(|c| c.kind() == k::CASE_STATEMENT || c.kind() == k::COMMENT);
        if !plain {
            let continues = self.may_continue(body, true);
            self.unmodelled_switch(node, continues, out);
            return;
        }
        let cases: Vec<Node<'_>> = children
            .into_iter()
            .filter(|c| c.kind() == k::CASE_STATEMENT)
            .collect();
        // `matched` is "some case label up to this one equals the scrutinee"; `default` matches
        // when no label does.
        let mut labels = Vec::new();
        for case in &cases {
            if let Some(v) = case.child_by_field_name(k::F_VALUE) {
                labels.push(self.lower_expr(v));
            }
        }
        let equals = |label: &Expr| {
            Expr::new(
                ExprKind::Binary(
                    BinOp::Eq,
                    Box::new(scrutinee.clone()),
                    Box::new(label.clone()),
                ),
                label.span,
            )
        };
        let any_label = labels
            .iter()
            .map(equals)
            .reduce(|a, b| Expr::new(ExprKind::Binary(BinOp::Or, Box::new(a), Box::new(b)), span));
        let no_label = match any_label {
            Some(e) => Expr::new(ExprKind::Unary(crate::ir::UnOp::Not, Box::new(e)), span),
            None => Expr::int(1, span),
        };
        let mut reached: Option<Expr> = None;
        let mut label_index = 0;
        let mut arms = Vec::new();
        for case in cases {
            let this = match case.child_by_field_name(k::F_VALUE) {
                Some(_) => {
                    let e = equals(&labels[label_index]);
                    label_index += 1;
                    e
                }
                None => no_label.clone(),
            };
            let cond = match reached.take() {
                Some(prev) => Expr::new(
                    ExprKind::Binary(BinOp::Or, Box::new(prev), Box::new(this)),
                    span,
                ),
                None => this,
            };
            reached = Some(cond.clone());
            let mut c = case.walk();
            let statements: Vec<Node<'_>> = case
                .named_children(&mut c)
                .filter(|s| Some(*s) != case.child_by_field_name(k::F_VALUE))
                .collect();
            let then = self.lower_stmt_nodes(&statements);
            arms.push(Stmt {
                kind: StmtKind::If {
                    cond,
                    then,
                    otherwise: Vec::new(),
                },
                span: self.span(case),
            });
        }
        // A `continue` of the loop around would be caught by the run-once loop (one brought
        // by a statement macro is in the arms; one in a nested block's case is not).
        if self.may_continue(body, false) || continues(&arms) {
            self.unmodelled_switch(node, true, out);
            return;
        }
        arms.push(Stmt {
            kind: StmtKind::Break,
            span,
        });
        out.push(Stmt {
            kind: StmtKind::Loop {
                init: Vec::new(),
                cond: None,
                step: Vec::new(),
                body: arms,
                test_first: true,
            },
            span,
        });
    }

    /// A `switch` that is not modelled: what it assigns is forgotten and, when a `continue` in
    /// it (written there or brought by a statement macro) may continue the loop around it, the
    /// rest of that loop's body may be skipped.
    fn unmodelled_switch(&mut self, node: Node<'_>, continues: bool, out: &mut Vec<Stmt>) {
        let span = self.span(node);
        let names = self.assigned_names(node);
        out.push(self.opaque(names, span));
        if continues {
            out.push(Stmt {
                kind: StmtKind::If {
                    cond: unknown(span),
                    then: vec![Stmt {
                        kind: StmtKind::Continue,
                        span,
                    }],
                    otherwise: Vec::new(),
                },
                span,
            });
        }
    }

    /// Whether a `continue` in `node` may continue the loop around it (not a loop inside it):
    /// one written there or, with `macros`, one that a macro used there may bring.
    fn may_continue(&mut self, node: Node<'_>, macros: bool) -> bool {
        let mut cursor = node.walk();
        let mut stack: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        while let Some(n) = stack.pop() {
            match n.kind() {
                k::CONTINUE_STATEMENT => return true,
                k::FOR_STATEMENT | k::WHILE_STATEMENT | k::DO_STATEMENT => {}
                _ if macros
                    && expand::expansion_unit(n, None, None) == Some(Unit::Statements)
                    && self.expansion_may_continue(n) =>
                {
                    return true
                }
                _ => {
                    let mut c = n.walk();
                    stack.extend(n.named_children(&mut c));
                }
            }
        }
        false
    }

    /// Every variable assigned anywhere in the function around `node` (computed once).
    fn function_assigned_names(&mut self, node: Node<'_>) -> Vec<String> {
        if let Some(names) = self.function_body.as_ref().and_then(|f| f.names.clone()) {
            return names;
        }
        let mut function = node;
        while function.kind() != k::FUNCTION_DEFINITION {
            match function.parent() {
                Some(parent) => function = parent,
                None => break,
            }
        }
        // The function around an expanded statement is the expansion's wrapper, not the one
        // the statement is in.
        let wrapper = self.outer_file.is_some()
            && function.start_byte() == 0
            && self.file.text.starts_with(expand::STATEMENTS_PREFIX);
        let names = if wrapper {
            self.function_assigned_names_from_expansion()
        } else {
            self.assigned_names(function)
        };
        if let Some(f) = &mut self.function_body {
            f.names = Some(names.clone());
        }
        names
    }

    /// [`Self::function_assigned_names`] from inside an expanded statement: the function is
    /// found in the main file's tree and searched as from outside any expansion.
    fn function_assigned_names_from_expansion(&mut self) -> Vec<String> {
        let tree = self.main_tree.clone();
        let range = self.function_body.as_ref().map(|f| f.range.clone());
        let function = tree.as_ref().zip(range).and_then(|(tree, range)| {
            tree.root_node()
                .descendant_for_byte_range(range.start, range.end)
                .filter(|f| f.kind() == k::FUNCTION_DEFINITION)
        });
        let (Some(function), Some(mut outer)) = (function, self.outer_file.take()) else {
            // Not reached: expansions are lowered in functions of the main file.
            return Vec::new();
        };
        std::mem::swap(&mut self.file, &mut outer);
        let names = self.assigned_names(function);
        std::mem::swap(&mut self.file, &mut outer);
        self.outer_file = Some(outer);
        names
    }
}

/// Whether `text` takes the address of `label` (GNU `&&label`, for a computed `goto`).
fn address_taken(text: &str, label: &str) -> bool {
    text.match_indices("&&").any(|(at, _)| {
        let rest = text[at + 2..].trim_start();
        rest.strip_prefix(label).is_some_and(|after| {
            !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
    })
}

/// Whether `stmts` hold a `continue` of the loop around them (not of a loop inside them).
fn continues(stmts: &[Stmt]) -> bool {
    statements(stmts).any(|(s, loops)| matches!(s.kind, StmtKind::Continue) && loops == 0)
}

/// A `static` local starts a call with its initializer only when the function never writes it:
/// otherwise with what an earlier call left, which is not known here.
fn settle_statics(body: &mut [Stmt]) {
    let written = crate::syntax::written_names(body);
    crate::ir::visit_stmts_mut(body, &mut |stmt| {
        if let StmtKind::Decl(decl) = &mut stmt.kind {
            if matches!(decl.storage, Storage::Saved) && written.contains(&decl.name) {
                decl.init = None;
            }
        }
    });
}
