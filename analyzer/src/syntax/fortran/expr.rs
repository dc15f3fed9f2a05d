//! Expressions. `a(i, j)` is an element when `a` is a declared array and a function reference
//! otherwise; keyword arguments of the file's own procedures are put in place.

use tree_sitter::Node;

use super::mpi_args::{place_arguments, Placed, WrittenArg};
use super::{fortran_name, kinds as k, named_children, Lowerer};
use crate::catalog::MpiFunction;
use crate::ir::{BinOp, Expr, ExprKind, Subscript, UnOp};
use crate::source::Span;

/// Keyword names of the intrinsic functions the evaluator models, in positional order.
const INTRINSIC_PARAMETERS: &[(&str, &[&str])] = &[
    ("selected_int_kind", &["r"]),
    ("selected_real_kind", &["p", "r", "radix"]),
    ("size", &["array", "dim", "kind"]),
    ("shape", &["source", "kind"]),
    ("lbound", &["array", "dim", "kind"]),
    ("ubound", &["array", "dim", "kind"]),
    ("len", &["string", "kind"]),
    ("storage_size", &["a", "kind"]),
    ("c_sizeof", &["x"]),
    ("kind", &["x"]),
    ("int", &["a", "kind"]),
    ("nint", &["a", "kind"]),
    ("mod", &["a", "p"]),
];

impl<'a> Lowerer<'a> {
    pub(super) fn expr(&mut self, node: Node) -> Expr {
        let span = self.span(node);
        if !self.enter(node) {
            return Expr::unknown(span);
        }
        let kind = self.expr_kind(node);
        self.leave();
        Expr::new(kind, span)
    }

    fn expr_kind(&mut self, node: Node) -> ExprKind {
        match node.kind() {
            k::IDENTIFIER => {
                let text = self.text(node).trim().to_owned();
                if let Some(body) = self.macro_expansion(&text, node) {
                    return body.kind;
                }
                let name = fortran_name(&text);
                if let Some(variable) = self.associated.get(&name) {
                    return variable.kind.clone();
                }
                match self.renamed(&name) {
                    Some(Some(remote)) => ExprKind::Name(remote),
                    Some(None) => ExprKind::Unknown,
                    None => {
                        self.use_name(&name);
                        ExprKind::Name(name)
                    }
                }
            }
            k::NUMBER_LITERAL => number(self.text(node)),
            k::STRING_LITERAL => {
                let text = self.text(node);
                ExprKind::Str(
                    text.get(1..text.len().saturating_sub(1))
                        .unwrap_or("")
                        .to_owned(),
                )
            }
            k::BOOLEAN_LITERAL => ExprKind::Int(i128::from(
                self.text(node).to_ascii_lowercase().contains("true"),
            )),
            k::PARENTHESIZED_EXPRESSION => match named_children(node).next() {
                Some(inner) => self.expr(inner).kind,
                None => ExprKind::Unknown,
            },
            k::MATH_EXPRESSION | k::RELATIONAL_EXPRESSION | k::LOGICAL_EXPRESSION => {
                self.operator_expr(node)
            }
            k::UNARY_EXPRESSION => self.operator_expr(node),
            k::CALL_EXPRESSION => self.call_or_element(node),
            k::DERIVED_TYPE_MEMBER_EXPRESSION => {
                let mut parts = named_children(node);
                match (parts.next(), parts.next()) {
                    (Some(base), Some(member)) if member.kind() == k::TYPE_MEMBER => {
                        ExprKind::Member {
                            base: Box::new(self.expr(base)),
                            field: fortran_name(self.text(member)),
                        }
                    }
                    _ => ExprKind::Unknown,
                }
            }
            k::ARRAY_LITERAL => {
                // `[INTEGER :: ...]` converts nothing an integer item holds; other type specs
                // convert the items to a type the evaluator does not follow.
                if let Some(spec) = node.child_by_field_name("type") {
                    if spec.kind() != k::INTRINSIC_TYPE || self.first_word(spec) != "integer" {
                        return ExprKind::Unknown;
                    }
                }
                let items = self.array_items(node);
                ExprKind::ArrayCtor(items)
            }
            k::IMPLIED_DO_LOOP_EXPRESSION => self.implied_do(node),
            _ => ExprKind::Unknown,
        }
    }

    /// Binary and unary operators (`.AND.` and `==` included); the operator is the field
    /// `operator`, operands `left`/`right` or `argument`.
    fn operator_expr(&mut self, node: Node) -> ExprKind {
        let Some(op) = node.child_by_field_name("operator") else {
            return ExprKind::Unknown;
        };
        let op = self.text(op).to_ascii_lowercase();
        if let Some(argument) = node.child_by_field_name("argument") {
            let unary = match op.as_str() {
                "-" => UnOp::Neg,
                "+" => UnOp::Plus,
                ".not." => UnOp::Not,
                _ => return ExprKind::Unknown,
            };
            return ExprKind::Unary(unary, Box::new(self.expr(argument)));
        }
        let (Some(left), Some(right)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return ExprKind::Unknown;
        };
        if op == "**" {
            return self.power_chain(left, right);
        }
        let binary = match op.as_str() {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            "==" | ".eq." | ".eqv." => BinOp::Eq,
            "/=" | ".ne." | ".neqv." => BinOp::Ne,
            "<" | ".lt." => BinOp::Lt,
            "<=" | ".le." => BinOp::Le,
            ">" | ".gt." => BinOp::Gt,
            ">=" | ".ge." => BinOp::Ge,
            ".and." => BinOp::And,
            ".or." => BinOp::Or,
            _ => return ExprKind::Unknown,
        };
        ExprKind::Binary(
            binary,
            Box::new(self.expr(left)),
            Box::new(self.expr(right)),
        )
    }

    /// `a ** b ** c` is `a ** (b ** c)` in Fortran; tree-sitter-fortran groups every binary
    /// operator from the left, so the tree of a chain is `(a ** b) ** c`: its operands are
    /// taken down the left spine and grouped again from the right.
    fn power_chain(&mut self, left: Node, right: Node) -> ExprKind {
        let mut operands = vec![right];
        let mut base = left;
        while base.kind() == k::MATH_EXPRESSION
            && base
                .child_by_field_name("operator")
                .is_some_and(|op| self.text(op) == "**")
        {
            let (Some(l), Some(r)) = (
                base.child_by_field_name("left"),
                base.child_by_field_name("right"),
            ) else {
                return ExprKind::Unknown;
            };
            operands.push(r);
            base = l;
        }
        let mut exponent = self.expr(operands[0]);
        for &operand in &operands[1..] {
            let operand = self.expr(operand);
            let span = Span {
                start: operand.span.start,
                end: exponent.span.end,
            };
            exponent = Expr::new(
                ExprKind::Binary(BinOp::Pow, Box::new(operand), Box::new(exponent)),
                span,
            );
        }
        let base = self.expr(base);
        ExprKind::Binary(BinOp::Pow, Box::new(base), Box::new(exponent))
    }

    /// `a(i, j)`: an array element, or a function reference.
    fn call_or_element(&mut self, node: Node) -> ExprKind {
        let mut parts = named_children(node);
        let (Some(base), Some(list)) = (parts.next(), parts.next()) else {
            return ExprKind::Unknown;
        };
        let args: Vec<Node> = named_children(list).collect();
        if let Some(range) = self.substring_range(base, &args) {
            return range;
        }
        let element = base.kind() != k::IDENTIFIER || {
            let name = fortran_name(self.text(base));
            self.is_array(&name)
        };
        if element {
            // `a(:)` (every subscript a bare `:`) is the whole array.
            if args
                .iter()
                .all(|a| a.kind() == k::EXTENT_SPECIFIER && a.named_child_count() == 0)
            {
                return self.expr(base).kind;
            }
            if args.iter().any(|a| a.kind() == k::KEYWORD_ARGUMENT) {
                return ExprKind::Unknown;
            }
            if args.iter().any(|a| a.kind() == k::EXTENT_SPECIFIER) {
                let subscripts: Option<Vec<Subscript>> =
                    args.iter().map(|&a| self.subscript(a)).collect();
                return match subscripts {
                    Some(subscripts) => ExprKind::Section {
                        base: Box::new(self.expr(base)),
                        subscripts,
                    },
                    None => ExprKind::Unknown,
                };
            }
            return ExprKind::Index {
                base: Box::new(self.expr(base)),
                indices: args.into_iter().map(|a| self.expr(a)).collect(),
            };
        }
        let callee = fortran_name(self.text(base));
        if let Some(kind) = self.statement_function_reference(&callee, list) {
            return kind;
        }
        let callee_span = self.span(base);
        // A function reference has no `ierror` (`MPI_WTIME()`).
        match self.call_arguments(&callee, list) {
            Some(Placed { args, .. }) => ExprKind::Call {
                callee: callee.to_ascii_lowercase(),
                callee_span,
                args,
            },
            None => ExprKind::Unknown,
        }
    }

    /// One subscript of a section: `j`, or `l:u:s` with any part left out (`2:`, `:`).
    fn subscript(&mut self, node: Node) -> Option<Subscript> {
        if node.kind() != k::EXTENT_SPECIFIER {
            return (node.kind() != k::ASSUMED_SIZE).then(|| Subscript::Index(self.expr(node)));
        }
        let mut parts: [Option<Expr>; 3] = [None, None, None];
        let mut colons = 0;
        for c in super::children(node).filter(|c| c.kind() != k::COMMENT) {
            if !c.is_named() {
                colons += usize::from(c.kind() == ":");
            } else if c.kind() == k::ASSUMED_SIZE {
                return None;
            } else {
                let part = parts.get_mut(colons)?;
                *part = Some(self.expr(c));
            }
        }
        let [lower, upper, stride] = parts;
        Some(Subscript::Range {
            lower,
            upper,
            stride,
        })
    }

    /// The items of an array constructor, its type spec left out.
    fn array_items(&mut self, node: Node) -> Vec<Expr> {
        let mut cursor = node.walk();
        let items: Vec<Node> = node
            .children(&mut cursor)
            .enumerate()
            .filter(|&(i, c)| {
                c.is_named()
                    && c.kind() != k::COMMENT
                    && node.field_name_for_child(i as u32) != Some("type")
            })
            .map(|(_, c)| c)
            .collect();
        items.into_iter().map(|i| self.expr(i)).collect()
    }

    /// `(items, i = start, end [, step])` inside an array constructor.
    fn implied_do(&mut self, node: Node) -> ExprKind {
        let parts: Vec<Node> = named_children(node).collect();
        let Some((&control, items)) = parts.split_last() else {
            return ExprKind::Unknown;
        };
        // A type spec inside the implied DO converts as in the constructor's.
        if control.kind() != k::LOOP_CONTROL_EXPRESSION
            || node.child_by_field_name("type").is_some()
        {
            return ExprKind::Unknown;
        }
        let bounds: Vec<Node> = named_children(control).collect();
        let (Some(&var), Some(&start), Some(&end)) = (bounds.first(), bounds.get(1), bounds.get(2))
        else {
            return ExprKind::Unknown;
        };
        ExprKind::ImpliedDo {
            items: items.iter().map(|&i| self.expr(i)).collect(),
            var: fortran_name(self.text(var)),
            start: Box::new(self.expr(start)),
            end: Box::new(self.expr(end)),
            step: bounds.get(3).map(|&s| Box::new(self.expr(s))),
        }
    }

    /// `s(a:b)` as a substring: one range without a stride, on an element or component, or on
    /// a name declared here that is not an array (a name declared nowhere the analysis looked
    /// may be another unit's array: its section stays what it was). `None` otherwise.
    fn substring_range(&mut self, base: Node, args: &[Node]) -> Option<ExprKind> {
        let [range] = args else {
            return None;
        };
        if range.kind() != k::EXTENT_SPECIFIER {
            return None;
        }
        let mut colons = 0;
        let (mut lower, mut upper) = (None, None);
        for c in super::children(*range).filter(|c| c.kind() != k::COMMENT) {
            if !c.is_named() {
                colons += usize::from(c.kind() == ":");
            } else if colons == 0 && lower.is_none() {
                lower = Some(c);
            } else if colons == 1 && upper.is_none() {
                upper = Some(c);
            } else {
                return None;
            }
        }
        if colons != 1 {
            return None;
        }
        if base.kind() == k::IDENTIFIER {
            let name = fortran_name(self.text(base));
            if self.lookup(&name).is_none_or(|s| s.dims.is_some()) {
                return None;
            }
        }
        Some(ExprKind::Substring {
            base: Box::new(self.expr(base)),
            lower: lower.map(|n| Box::new(self.expr(n))),
            upper: upper.map(|n| Box::new(self.expr(n))),
        })
    }

    /// The arguments of a call to `callee` in positional order (an MPI call's `ierror` apart);
    /// `None` when a keyword argument cannot be placed.
    pub(super) fn call_arguments(&mut self, callee: &str, list: Node) -> Option<Placed> {
        let written: Vec<WrittenArg> = named_children(list)
            .map(|arg| {
                if arg.kind() == k::KEYWORD_ARGUMENT {
                    let keyword = arg
                        .child_by_field_name("name")
                        .map(|n| self.text(n).trim().to_ascii_lowercase());
                    let value = match arg.child_by_field_name("value") {
                        Some(v) => self.expr(v),
                        None => Expr::unknown(self.span(arg)),
                    };
                    WrittenArg { keyword, value }
                } else {
                    WrittenArg {
                        keyword: None,
                        value: self.expr(arg),
                    }
                }
            })
            .collect();
        if let Some(function) = MpiFunction::find(callee) {
            return place_arguments(function, written);
        }
        let placed = |args: Vec<Expr>| Placed { args, ierror: None };
        if written.iter().all(|a| a.keyword.is_none()) {
            return Some(placed(written.into_iter().map(|a| a.value).collect()));
        }
        let lower = callee.to_ascii_lowercase();
        let user = self.procedures.get(&lower).map(|info| info.params.clone());
        let user_procedure = user.is_some();
        let names: Vec<String> = match user {
            Some(params) => params,
            None => INTRINSIC_PARAMETERS
                .iter()
                .find(|(n, _)| *n == lower)
                .map(|(_, p)| p.iter().map(|s| (*s).to_owned()).collect())?,
        };
        let mut by_position: Vec<Option<Expr>> = vec![None; names.len()];
        for (position, arg) in written.into_iter().enumerate() {
            let index = match &arg.keyword {
                None => position,
                Some(keyword) => names.iter().position(|n| n == keyword)?,
            };
            *by_position.get_mut(index)? = Some(arg.value);
        }
        // Optional arguments left out at the end are simply absent.
        while by_position.last().is_some_and(Option::is_none) {
            by_position.pop();
        }
        // One left out before a keyword argument is absent too: to the file's own procedure
        // it is an unknown value (the evaluator does not follow `PRESENT`).
        if user_procedure {
            let span = self.span(list);
            let args = by_position.into_iter();
            return Some(placed(
                args.map(|a| a.unwrap_or_else(|| Expr::unknown(span)))
                    .collect(),
            ));
        }
        by_position.into_iter().collect::<Option<_>>().map(placed)
    }
}

/// A numeric literal: `42`, `8_MPI_ADDRESS_KIND`, `1.5d0`, `2.0_dp`.
fn number(text: &str) -> ExprKind {
    let text = text.trim();
    let value = text.split('_').next().unwrap_or(text);
    if let Ok(v) = value.parse::<i128>() {
        return ExprKind::Int(v);
    }
    // Only DOUBLE PRECISION literals (a `D` exponent, no kind) are modelled: a default REAL is
    // single precision, whose arithmetic rounds otherwise than the evaluator's doubles.
    if value.len() != text.len() || !value.contains(['d', 'D']) {
        return ExprKind::Unknown;
    }
    match value.replace(['d', 'D'], "e").parse::<f64>() {
        Ok(v)
            if value
                .bytes()
                .all(|b| b.is_ascii_digit() || b".+-dD".contains(&b)) =>
        {
            ExprKind::Float(v)
        }
        _ => ExprKind::Unknown,
    }
}
