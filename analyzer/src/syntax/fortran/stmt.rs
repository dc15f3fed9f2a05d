//! Program units (main programs, subroutines, functions; modules are in `modules.rs`) and
//! executable statements.

use tree_sitter::Node;

use super::decl::{assign, Scope};
use super::jumps::{label_number, plain_goto, Jumps};
use super::mpi_args::Placed;
use super::preproc::ItemLowering;
use super::unit::{SpecificationPart, Unseen};
use super::{fortran_name, identifiers_in, kinds as k, named_children, Lowerer};
use crate::ir::{
    BinOp, Expr, ExprKind, FortranUnit, Function, Param, PlacedFunction, Stmt, StmtKind, Ty,
};
use crate::layout::FortranType;
use crate::source::Span;
use crate::syntax::written_names;

impl<'a> Lowerer<'a> {
    pub(super) fn top_item(&mut self, node: Node, out: &mut Vec<Stmt>) {
        match node.kind() {
            k::PROGRAM | k::SUBROUTINE | k::FUNCTION => self.unit(node),
            k::MODULE => self.module(node),
            k::INCLUDE_STATEMENT => self.include_statement(node, out, Self::top_item),
            k::PREPROC_IF
            | k::PREPROC_IFDEF
            | k::PREPROC_DEF
            | k::PREPROC_FUNCTION_DEF
            | k::PREPROC_CALL
            | k::PREPROC_INCLUDE => self.preproc(node, out, Self::top_item),
            _ => {}
        }
    }

    /// A main program, subroutine or function.
    fn unit(&mut self, node: Node) {
        if !self.enter(node) {
            return;
        }
        let header = named_children(node).find(|c| {
            matches!(
                c.kind(),
                k::PROGRAM_STATEMENT | k::SUBROUTINE_STATEMENT | k::FUNCTION_STATEMENT
            )
        });
        let is_main = node.kind() == k::PROGRAM;
        // A unit at file scope or a module's procedure: a unit the memo may reuse.
        if self.host.is_none() {
            self.loop_counter = 0;
        }
        let (name, name_span, params) = match header {
            Some(h) if !is_main => match self.procedure_header(h) {
                Some((name, params)) => {
                    let span = h
                        .child_by_field_name("name")
                        .map_or(self.span(h), |n| self.span(n));
                    (name, span, params)
                }
                None => (String::new(), self.span(h), Vec::new()),
            },
            Some(h) => {
                let name = named_children(h)
                    .find(|c| c.kind() == k::NAME)
                    .map_or_else(|| "main".to_owned(), |n| fortran_name(self.text(n)));
                (name, self.span(h), Vec::new())
            }
            None => ("main".to_owned(), self.span(node), Vec::new()),
        };
        let header_end = header.map_or(self.span(node).start, |h| self.span(h).end);
        let unseen = self.unseen_around();
        let mut scope = Scope {
            dummies: params.clone(),
            jumps: Jumps::scan(node, &self.file.text.clone()),
            named: super::modules::names_outside_use(node, &self.file.text.clone()),
            specification: SpecificationPart::after(header_end),
            unseen,
            ..Scope::new(self.kinds)
        };
        if node.kind() == k::FUNCTION {
            let result = header
                .and_then(|h| named_children(h).find(|c| c.kind() == k::FUNCTION_RESULT))
                .and_then(|r| named_children(r).next())
                .map_or_else(|| name.clone(), |r| fortran_name(self.text(r)));
            scope.result = Some(result);
        }
        self.scopes.push(scope);
        if let (Some(result), Some(type_node)) = (
            self.scope().result.clone(),
            header.and_then(|h| h.child_by_field_name("type")),
        ) {
            let ty = self.type_spec(type_node);
            let span = self.span(type_node);
            self.declare_hidden(&result, ty, span);
        }
        let mut body = Vec::new();
        let mut procedures = None;
        for child in named_children(node) {
            match child.kind() {
                k::PROGRAM_STATEMENT | k::SUBROUTINE_STATEMENT | k::FUNCTION_STATEMENT => {}
                k::END_PROGRAM_STATEMENT
                | k::END_SUBROUTINE_STATEMENT
                | k::END_FUNCTION_STATEMENT => {}
                k::INTERNAL_PROCEDURES => procedures = Some(child),
                _ => {
                    let end = self.span(child).end;
                    self.scope().specification.item(child.kind(), end);
                    self.lower_item(child, &mut body);
                }
            }
        }
        let commons = self.common_declarations();
        let scope = self.scope().clone();
        if let Some(result) = &scope.result {
            // The result variable is a local even when only implicitly typed.
            if !scope.symbols.contains_key(result) {
                let ty = scope.type_of(result);
                self.declare_hidden(result, ty, name_span);
            }
        }
        let scope = self.scope().clone();
        let params = params
            .iter()
            .map(|p| Param {
                name: p.clone(),
                ty: scope.type_of(p),
                by_reference: true,
            })
            .collect();
        // A procedure's saved variables start each call with their initial value only when
        // nothing may have changed it: neither the procedure nor its internal procedures.
        let written = (!is_main).then(|| written_names(&body));
        let holds = |name: &str| {
            written
                .as_ref()
                .is_none_or(|w| procedures.is_none() && !w.contains(name))
        };
        let mut full = commons;
        full.extend(scope.decls(&holds));
        full.extend(
            scope
                .data
                .iter()
                .filter(|s| match &s.kind {
                    StmtKind::Assign { target, .. } => target.root_name().is_none_or(holds),
                    _ => true,
                })
                .cloned(),
        );
        full.append(&mut body);
        let span = self.span(node);
        if scope.result.is_some() {
            full.push(self.return_stmt(span));
        }
        // What the unit sees of MPI: its own statements', its hosts' and its module's.
        let visible = self
            .scopes
            .iter()
            .fold(FortranUnit::default(), |a, s| FortranUnit {
                address_kind: a.address_kind || s.mpi.address_kind,
                f08: a.f08 || s.mpi.f08,
                ..a
            });
        self.program.functions.push(PlacedFunction::new(Function {
            name: name.clone(),
            name_span,
            params,
            body: full,
            span,
            is_main,
            fortran: Some(FortranUnit {
                specification_end: scope.specification.end(),
                ..visible
            }),
            host: self.host.clone(),
            identity: None,
        }));
        if let Some(procedures) = procedures {
            self.internal_procedures(procedures, Some(&name));
        }
        self.scopes.pop();
        self.leave();
    }

    /// What a unit (or module) starting here may see declared out of sight: what its hosts
    /// may, and anything when an include at file scope was not read.
    pub(super) fn unseen_around(&self) -> Unseen {
        let mut unseen = Unseen::Nothing;
        if self.unseen_at_file_scope {
            unseen.add(None);
        }
        for host in &self.scopes {
            unseen.add_from(&host.unseen, None);
        }
        unseen
    }

    /// `INCLUDE 'name'`: the file's items lowered in place with `item`.
    pub(super) fn include_statement(
        &mut self,
        node: Node,
        out: &mut Vec<Stmt>,
        item: ItemLowering<'a>,
    ) {
        if let Some(path) = node.child_by_field_name("path") {
            let name = self.text(path).trim().trim_matches(['\'', '"']).to_owned();
            let at = self.span(node);
            self.lower_included(&name, false, at, out, item);
        }
    }

    /// Declares a local the code does not declare by name (a function result, a loop bound,
    /// an ASSOCIATE name of a value).
    pub(super) fn declare_hidden(&mut self, name: &str, ty: Ty, span: Span) {
        self.scope().entry(name, span).ty = Some(ty);
    }

    fn return_stmt(&mut self, span: Span) -> Stmt {
        let value = self
            .scope()
            .result
            .clone()
            .map(|r| Expr::new(ExprKind::Name(r), span));
        Stmt {
            kind: StmtKind::Return(value),
            span,
        }
    }

    /// One item of a unit: a specification (recorded in the scope) or a statement.
    pub(super) fn lower_item(&mut self, node: Node, out: &mut Vec<Stmt>) {
        match node.kind() {
            k::USE_STATEMENT => self.use_statement(node),
            k::IMPLICIT_STATEMENT => self.implicit_statement(node),
            k::VARIABLE_DECLARATION => {
                self.variable_declaration(node);
            }
            k::VARIABLE_MODIFICATION => self.variable_modification(node),
            k::PARAMETER_STATEMENT => self.parameter_statement(node),
            k::COMMON_STATEMENT => self.common_statement(node),
            k::SAVE_STATEMENT => self.save_statement(node),
            k::ALLOCATE_STATEMENT => self.allocate_statement(node, out),
            k::DEALLOCATE_STATEMENT => self.deallocate_statement(node, out),
            k::EQUIVALENCE_STATEMENT => self.equivalence_statement(node, out),
            // The grammar reads some EQUIVALENCE statements as a call of that name.
            k::CALL_EXPRESSION if self.first_word(node) == k::EQUIVALENCE => {
                self.equivalence_statement(node, out)
            }
            k::DATA_STATEMENT => self.data_statement(node),
            k::DERIVED_TYPE_DEFINITION => self.derived_type_definition(node),
            k::INCLUDE_STATEMENT => self.include_statement(node, out, Self::lower_item),
            k::PREPROC_IF
            | k::PREPROC_IFDEF
            | k::PREPROC_DEF
            | k::PREPROC_FUNCTION_DEF
            | k::PREPROC_CALL
            | k::PREPROC_INCLUDE => self.preproc(node, out, Self::lower_item),
            // Where forward GO TOs land, their paths join; at a label another jump may reach
            // (backward, computed, ERR=), what the unit's variables hold is not known.
            k::STATEMENT_LABEL if self.scope().jumps.any => {
                let span = self.span(node);
                let kind = match label_number(self.text(node)) {
                    Some(label) if self.scope().jumps.forward.contains(&label) => {
                        StmtKind::Label(label.to_string())
                    }
                    _ => StmtKind::Opaque {
                        names: self.local_names(),
                    },
                };
                out.push(Stmt { kind, span });
            }
            k::COMMENT | k::STATEMENT_LABEL | k::INTERFACE => {}
            k::BLOCK_CONSTRUCT if self.block_in_place(node) => self.construct_in_place(node, out),
            k::ASSOCIATE_STATEMENT => {
                if !self.associate_in_place(node, out) {
                    self.statement_one_level_down(node, out);
                }
            }
            _ => self.statement_one_level_down(node, out),
        }
    }

    /// A statement, lowered one level deeper in the walk (see `enter`).
    fn statement_one_level_down(&mut self, node: Node, out: &mut Vec<Stmt>) {
        if self.enter(node) {
            self.statement(node, out);
            self.leave();
        }
    }

    fn statement(&mut self, node: Node, out: &mut Vec<Stmt>) {
        let span = self.span(node);
        let executable_part = std::mem::replace(&mut self.scope().executable_part, true);
        let stmt = match node.kind() {
            k::ASSIGNMENT_STATEMENT => {
                let (Some(left), Some(right)) = (
                    node.child_by_field_name("left"),
                    node.child_by_field_name("right"),
                ) else {
                    return;
                };
                let target = self.expr(left);
                // `f(x) = ...` of a name that is no array defines a statement function before
                // the executable part; in it, it writes an array declared out of sight.
                if let ExprKind::Call { callee, args, .. } = target.kind {
                    if !executable_part {
                        self.statement_function(callee, &args, right);
                        self.scope().executable_part = false;
                    }
                    return;
                }
                let value = self.expr(right);
                if matches!(target.kind, ExprKind::Unknown) {
                    self.opaque(left, span)
                } else {
                    assign(target, value, span)
                }
            }
            k::SUBROUTINE_CALL => self.subroutine_call(node, span),
            k::DO_LOOP => self.do_loop(node, span),
            k::IF_STATEMENT => self.if_statement(node, span),
            k::SELECT_CASE_STATEMENT => self.select_case(node, span),
            k::KEYWORD_STATEMENT => match self.keyword_statement(node, span) {
                Some(s) => s,
                None => return,
            },
            k::STOP_STATEMENT => Stmt {
                kind: StmtKind::Return(None),
                span,
            },
            // Output changes nothing the analysis follows.
            k::PRINT_STATEMENT
            | k::WRITE_STATEMENT
            | k::FORMAT_STATEMENT
            | k::OPEN_STATEMENT
            | k::CLOSE_STATEMENT
            | k::INQUIRE_STATEMENT => return,
            // Anything else may assign the variables it names.
            _ => self.opaque(node, span),
        };
        out.push(stmt);
    }

    /// A statement the front end does not model: the variables it names are forgotten.
    fn opaque(&mut self, node: Node, span: Span) -> Stmt {
        Stmt {
            kind: StmtKind::Opaque {
                names: identifiers_in(node, &self.file.text.clone()),
            },
            span,
        }
    }

    fn subroutine_call(&mut self, node: Node, span: Span) -> Stmt {
        let Some(callee) = node.child_by_field_name("subroutine") else {
            return self.opaque(node, span);
        };
        let name = fortran_name(self.text(callee)).to_ascii_lowercase();
        let callee_span = self.span(callee);
        let list = named_children(node).find(|c| c.kind() == k::ARGUMENT_LIST);
        let placed = match list {
            Some(list) => self.call_arguments(&name, list),
            None => Some(Placed {
                args: Vec::new(),
                ierror: None,
            }),
        };
        match placed {
            Some(Placed { args, ierror }) => {
                let call = ExprKind::Call {
                    callee: name,
                    callee_span,
                    args,
                };
                let call = Expr::new(call, span);
                // An MPI call writes its error code to `ierror`, as C's returns it.
                let kind = match ierror {
                    Some(target) => StmtKind::Assign {
                        target,
                        value: call,
                    },
                    None => StmtKind::Eval(call),
                };
                Stmt { kind, span }
            }
            None => {
                self.note(
                    span,
                    format!(
                        "keyword arguments of `{name}` not understood: the call is not analysed"
                    ),
                );
                self.opaque(node, span)
            }
        }
    }

    /// The statements of a block: `children` up to the first one of the `stop` kinds.
    fn block(&mut self, children: &[Node], stop: &[&str]) -> Vec<Stmt> {
        let mut out = Vec::new();
        for &child in children {
            if stop.contains(&child.kind()) {
                break;
            }
            self.lower_item(child, &mut out);
        }
        out
    }

    fn do_loop(&mut self, node: Node, span: Span) -> Stmt {
        let children: Vec<Node> = named_children(node).collect();
        let Some(position) = children.iter().position(|c| c.kind() == k::DO_STATEMENT) else {
            return self.opaque(node, span);
        };
        let control = children[position];
        let mut body = self.block(
            &children[position + 1..],
            &[k::END_DO_LOOP_STATEMENT, k::END_DO_LABEL_LOOP_STATEMENT],
        );
        // `10 x = 1` ends a labelled loop and belongs to it.
        if let Some(end) = children
            .iter()
            .find(|c| c.kind() == k::END_DO_LABEL_LOOP_STATEMENT)
        {
            let mut cursor = end.walk();
            let inner: Vec<Node> = end
                .children(&mut cursor)
                .enumerate()
                .filter(|(i, c)| {
                    c.is_named() && end.field_name_for_child(*i as u32) != Some("do_label")
                })
                .map(|(_, c)| c)
                .collect();
            for stmt in inner {
                self.lower_item(stmt, &mut body);
            }
        }
        let mut kind = StmtKind::Loop {
            init: Vec::new(),
            cond: None,
            step: Vec::new(),
            body: Vec::new(),
            test_first: true,
        };
        for c in named_children(control) {
            match c.kind() {
                k::LOOP_CONTROL_EXPRESSION => kind = self.counted_loop(c, span),
                k::WHILE_STATEMENT => {
                    let cond = named_children(c)
                        .next()
                        .map_or(Expr::unknown(span), |e| self.expr(e));
                    if let StmtKind::Loop { cond: c, .. } = &mut kind {
                        *c = Some(cond);
                    }
                }
                k::STATEMENT_LABEL | k::STATEMENT_LABEL_REFERENCE => {}
                // DO CONCURRENT and the like.
                _ => return self.opaque(node, span),
            }
        }
        if let StmtKind::Loop { body: b, .. } = &mut kind {
            *b = body;
        }
        Stmt { kind, span }
    }

    /// `DO i = start, end [, step]`: the bounds are evaluated once, before the first iteration.
    fn counted_loop(&mut self, control: Node, span: Span) -> StmtKind {
        let parts: Vec<Node> = named_children(control).collect();
        let (Some(&var), Some(&start), Some(&end)) = (parts.first(), parts.get(1), parts.get(2))
        else {
            return StmtKind::Opaque {
                names: identifiers_in(control, &self.file.text.clone()),
            };
        };
        let var = self.expr(var);
        let start = self.expr(start);
        let end = self.expr(end);
        let step = parts.get(3).map_or(Expr::int(1, span), |&s| self.expr(s));
        let mut init = Vec::new();
        let end = self.loop_bound(end, "end", &mut init, span);
        let step_value = constant_int(&step);
        let step = self.loop_bound(step, "step", &mut init, span);
        init.push(assign(var.clone(), start, span));
        let binary = |op, a: &Expr, b: &Expr| {
            Expr::new(
                ExprKind::Binary(op, Box::new(a.clone()), Box::new(b.clone())),
                span,
            )
        };
        let zero = Expr::int(0, span);
        let cond = match step_value {
            Some(s) if s > 0 => binary(BinOp::Le, &var, &end),
            Some(s) if s < 0 => binary(BinOp::Ge, &var, &end),
            _ => binary(
                BinOp::Or,
                &binary(
                    BinOp::And,
                    &binary(BinOp::Gt, &step, &zero),
                    &binary(BinOp::Le, &var, &end),
                ),
                &binary(
                    BinOp::And,
                    &binary(BinOp::Lt, &step, &zero),
                    &binary(BinOp::Ge, &var, &end),
                ),
            ),
        };
        let next = assign(var.clone(), binary(BinOp::Add, &var, &step), span);
        StmtKind::Loop {
            init,
            cond: Some(cond),
            step: vec![next],
            body: Vec::new(),
            test_first: true,
        }
    }

    /// A loop bound as a value fixed before the loop: literals stay, anything else is copied
    /// into a hidden local first.
    fn loop_bound(&mut self, bound: Expr, what: &str, init: &mut Vec<Stmt>, span: Span) -> Expr {
        if constant_int(&bound).is_some() {
            return bound;
        }
        self.loop_counter += 1;
        // A name no Fortran program can spell.
        let name = format!("do.{what}.{}", self.loop_counter);
        self.declare_hidden(
            &name,
            Ty::Fortran {
                ty: FortranType::Integer,
                kind: Some(Box::new(Expr::int(8, span))),
                len: None,
            },
            span,
        );
        let hidden = Expr::new(ExprKind::Name(name), span);
        init.push(assign(hidden.clone(), bound, span));
        hidden
    }

    fn if_statement(&mut self, node: Node, span: Span) -> Stmt {
        let children: Vec<Node> = named_children(node).collect();
        let cond = children
            .iter()
            .find(|c| c.kind() == k::PARENTHESIZED_EXPRESSION)
            .map_or(Expr::unknown(span), |&c| self.expr(c));
        let after_cond: Vec<Node> = children
            .iter()
            .skip_while(|c| c.kind() != k::PARENTHESIZED_EXPRESSION)
            .skip(1)
            .copied()
            .collect();
        let then = self.block(
            &after_cond,
            &[k::ELSEIF_CLAUSE, k::ELSE_CLAUSE, k::END_IF_STATEMENT],
        );
        let clauses: Vec<Node> = after_cond
            .iter()
            .filter(|c| matches!(c.kind(), k::ELSEIF_CLAUSE | k::ELSE_CLAUSE))
            .copied()
            .collect();
        let otherwise = self.else_chain(&clauses, span);
        Stmt {
            kind: StmtKind::If {
                cond,
                then,
                otherwise,
            },
            span,
        }
    }

    /// `ELSE IF (...) THEN ... ELSE ...` as nested `If`s.
    fn else_chain(&mut self, clauses: &[Node], span: Span) -> Vec<Stmt> {
        let Some((&first, rest)) = clauses.split_first() else {
            return Vec::new();
        };
        let children: Vec<Node> = named_children(first).collect();
        if first.kind() == k::ELSE_CLAUSE {
            return self.block(&children, &[]);
        }
        let cond = children
            .iter()
            .find(|c| c.kind() == k::PARENTHESIZED_EXPRESSION)
            .map_or(Expr::unknown(span), |&c| self.expr(c));
        let body: Vec<Node> = children
            .iter()
            .skip_while(|c| c.kind() != k::PARENTHESIZED_EXPRESSION)
            .skip(1)
            .copied()
            .collect();
        let then = self.block(&body, &[]);
        let otherwise = self.else_chain(rest, span);
        let clause_span = self.span(first);
        vec![Stmt {
            kind: StmtKind::If {
                cond,
                then,
                otherwise,
            },
            span: clause_span,
        }]
    }

    /// `SELECT CASE` as a chain of `If`s; ranges make their case's condition unknown.
    fn select_case(&mut self, node: Node, span: Span) -> Stmt {
        let selector = named_children(node)
            .find(|c| c.kind() == k::SELECTOR)
            .and_then(|s| named_children(s).next())
            .map_or(Expr::unknown(span), |s| self.expr(s));
        let cases: Vec<Node> = named_children(node)
            .filter(|c| c.kind() == k::CASE_STATEMENT)
            .collect();
        let mut chain: Vec<Stmt> = Vec::new();
        let mut default = Vec::new();
        for case in cases.into_iter().rev() {
            let children: Vec<Node> = named_children(case).collect();
            let Some((&values, body)) = children.split_first() else {
                continue;
            };
            let body = self.block(body, &[]);
            if values.kind() == k::DEFAULT {
                default = body;
                continue;
            }
            let case_span = self.span(case);
            let mut cond: Option<Expr> = None;
            for v in named_children(values) {
                let test = if v.kind() == k::EXTENT_SPECIFIER {
                    Expr::unknown(case_span)
                } else {
                    let value = self.expr(v);
                    Expr::new(
                        ExprKind::Binary(BinOp::Eq, Box::new(selector.clone()), Box::new(value)),
                        case_span,
                    )
                };
                cond = Some(match cond {
                    None => test,
                    Some(c) => Expr::new(
                        ExprKind::Binary(BinOp::Or, Box::new(c), Box::new(test)),
                        case_span,
                    ),
                });
            }
            let otherwise = if chain.is_empty() {
                std::mem::take(&mut default)
            } else {
                std::mem::take(&mut chain)
            };
            chain = vec![Stmt {
                kind: StmtKind::If {
                    cond: cond.unwrap_or(Expr::unknown(case_span)),
                    then: body,
                    otherwise,
                },
                span: case_span,
            }];
        }
        if chain.is_empty() {
            chain = default;
        }
        Stmt {
            kind: StmtKind::Block(chain),
            span,
        }
    }

    /// `CONTINUE`, `RETURN`, `EXIT`, `CYCLE`, `GO TO`.
    fn keyword_statement(&mut self, node: Node, span: Span) -> Option<Stmt> {
        let keyword = self.text(node).trim().to_ascii_lowercase();
        let word: String = keyword
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        let labelled = named_children(node).next().is_some();
        let kind = match word.as_str() {
            k::CONTINUE => return None,
            k::RETURN => return Some(self.return_stmt(span)),
            // An EXIT or CYCLE naming an outer loop is not followed.
            k::EXIT if !labelled => StmtKind::Break,
            k::CYCLE if !labelled => StmtKind::Continue,
            _ => match plain_goto(node, &self.file.text) {
                Some(label) if self.scope().jumps.forward.contains(&label) => {
                    StmtKind::Goto(label.to_string())
                }
                // Other jumps: every local may be changed on the way.
                _ => StmtKind::Opaque {
                    names: self.local_names(),
                },
            },
        };
        Some(Stmt { kind, span })
    }

    /// The names of the current unit's variables, dummy arguments included.
    fn local_names(&mut self) -> Vec<String> {
        let scope = self.scope();
        let mut names = scope.order.clone();
        names.extend(scope.undeclared.iter().cloned());
        names.extend(scope.dummies.iter().cloned());
        names
    }
}

fn constant_int(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Unary(crate::ir::UnOp::Neg, inner) => {
            constant_int(inner).and_then(i128::checked_neg)
        }
        _ => None,
    }
}
