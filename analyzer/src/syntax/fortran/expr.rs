//! Expressions. `a(i, j)` is an element when `a` is a declared array and a function reference
//! otherwise; keyword arguments of the file's own procedures are put in place.

use tree_sitter::Node;

use super::mpi_args::{place_arguments, WrittenArg};
use super::{fortran_name, kinds as k, named_children, Lowerer};
use crate::catalog::MpiFunction;
use crate::ir::{BinOp, Expr, ExprKind, UnOp};

/// Keyword names of the intrinsic functions the evaluator models, in positional order.
const INTRINSIC_PARAMETERS: &[(&str, &[&str])] = &[
    ("selected_int_kind", &["r"]),
    ("selected_real_kind", &["p", "r", "radix"]),
    ("size", &["array", "dim", "kind"]),
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
                let items: Vec<Node> = named_children(node).collect();
                // An implied DO gives a number of items the list does not show.
                if items
                    .iter()
                    .any(|i| i.kind() == k::IMPLIED_DO_LOOP_EXPRESSION)
                {
                    return ExprKind::Unknown;
                }
                ExprKind::ArrayCtor(items.into_iter().map(|i| self.expr(i)).collect())
            }
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
        let binary = match op.as_str() {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            "**" => BinOp::Pow,
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
            // A section (`a(1:n)`) is not one element.
            if args
                .iter()
                .any(|a| matches!(a.kind(), k::EXTENT_SPECIFIER | k::KEYWORD_ARGUMENT))
            {
                return ExprKind::Unknown;
            }
            return ExprKind::Index {
                base: Box::new(self.expr(base)),
                indices: args.into_iter().map(|a| self.expr(a)).collect(),
            };
        }
        let callee = fortran_name(self.text(base));
        let callee_span = self.span(base);
        match self.call_arguments(&callee, list) {
            Some(args) => ExprKind::Call {
                callee: callee.to_ascii_lowercase(),
                callee_span,
                args,
            },
            None => ExprKind::Unknown,
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

    /// The arguments of a call to `callee` in positional order; `None` when a keyword argument
    /// cannot be placed.
    pub(super) fn call_arguments(&mut self, callee: &str, list: Node) -> Option<Vec<Expr>> {
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
        if written.iter().all(|a| a.keyword.is_none()) {
            return Some(written.into_iter().map(|a| a.value).collect());
        }
        let lower = callee.to_ascii_lowercase();
        let names: Vec<String> = match self.procedures.get(&lower) {
            Some(info) => info.params.clone(),
            None => INTRINSIC_PARAMETERS
                .iter()
                .find(|(n, _)| *n == lower)
                .map(|(_, p)| p.iter().map(|s| (*s).to_owned()).collect())?,
        };
        let mut placed: Vec<Option<Expr>> = vec![None; names.len()];
        for (position, arg) in written.into_iter().enumerate() {
            let index = match &arg.keyword {
                None => position,
                Some(keyword) => names.iter().position(|n| n == keyword)?,
            };
            *placed.get_mut(index)? = Some(arg.value);
        }
        // Optional arguments left out at the end are simply absent.
        while placed.last().is_some_and(Option::is_none) {
            placed.pop();
        }
        placed.into_iter().collect()
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
