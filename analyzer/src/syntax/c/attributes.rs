//! GNU attributes that change a layout: `packed`, `aligned(n)` and `vector_size(n)` on structs,
//! unions, enums, members, typedefs and variables, as gcc applies them on each target (and as
//! clang does for the MSVC target, which has no GNU attributes of its own).
//!
//! - `packed` on a struct or union packs every member; on a member it aligns that member to 1;
//!   on an enum it makes the enum the smallest integer type that holds its values (see
//!   [`Lowerer::enum_type`]).
//! - `aligned(n)` raises a struct's, a union's or a member's alignment; on a typedef it sets the
//!   alignment (gcc lowers it too; not modelled for MSVC). The size stays.
//! - `vector_size(n)` makes a vector of `n` bytes of the base type (laid out by
//!   [`crate::layout`]).
//!
//! An attribute that changes a layout in a way not modelled here (`mode`, `ms_struct`, an
//! `aligned` without a value, any attribute on an enum but `packed`) makes the type unknown.

use std::ops::Range;

use tree_sitter::Node;

use super::lex::{closing_paren, is_ident, skip_blanks};

use super::kinds as k;
use super::{unknown, Lowerer};
use crate::ir::{BinOp, Expr, ExprKind, Ty};
use crate::layout::Target;

/// What the attributes of a declaration say about layout.
#[derive(Clone, Default)]
pub(super) struct Attributes {
    pub packed: bool,
    /// `aligned(n)` (and `_Alignas(n)` among specifiers): the largest.
    pub align: Option<Expr>,
    /// `vector_size(n)`.
    pub vector_size: Option<Expr>,
    /// An attribute that changes the layout in a way not modelled.
    pub unmodelled: bool,
}

impl Attributes {
    /// Adds an alignment requirement: the larger one holds.
    pub(super) fn require_align(&mut self, value: Expr) {
        self.align = Some(match self.align.take() {
            Some(prev) => max_expr(prev, value),
            None => value,
        });
    }

    /// Whether anything besides `packed` was said (for enums, which model only that).
    fn more_than_packed(&self) -> bool {
        self.align.is_some() || self.vector_size.is_some() || self.unmodelled
    }
}

impl Lowerer<'_> {
    /// Reads `__attribute__((packed, aligned(n), vector_size(n), ...))` into `attributes`.
    pub(super) fn read_attribute(&mut self, node: Node<'_>, attributes: &mut Attributes) {
        let Some(list) = node.named_child(0).filter(|l| l.kind() == k::ARGUMENT_LIST) else {
            return;
        };
        let mut cursor = list.walk();
        let items: Vec<Node<'_>> = list.named_children(&mut cursor).collect();
        for item in items {
            let call = item.kind() == k::CALL_EXPRESSION;
            let name = match call {
                true => item.child_by_field_name(k::F_FUNCTION),
                false => Some(item),
            }
            .map(|n| self.text(n).trim_matches('_').to_owned());
            let argument = item
                .child_by_field_name(k::F_ARGUMENTS)
                .and_then(|a| a.named_child(0))
                .filter(|_| call);
            // Without a value (`aligned`) or a value that is not read: unknown.
            let value = |this: &mut Self| match argument {
                Some(v) => this.lower_expr(v),
                None => unknown(this.span(item)),
            };
            match name.as_deref() {
                Some("packed") => attributes.packed = true,
                Some("aligned") => {
                    let value = value(self);
                    attributes.require_align(value);
                }
                Some("vector_size") => attributes.vector_size = Some(value(self)),
                Some("mode" | "ms_struct" | "gcc_struct") => attributes.unmodelled = true,
                _ => {}
            }
        }
    }

    /// The attributes of every `attribute_specifier` child of `node`.
    pub(super) fn child_attributes(&mut self, node: Node<'_>, attributes: &mut Attributes) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node
            .children(&mut cursor)
            .filter(|c| c.kind() == k::ATTRIBUTE_SPECIFIER)
            .collect();
        for child in children {
            self.read_attribute(child, attributes);
        }
    }

    /// The attributes the pre-pass took out from between `enum` or `union` and the tag (where
    /// the grammar has no place for them), read from a parse of their own.
    pub(super) fn hidden_attributes(&mut self, keyword: Node<'_>, attributes: &mut Attributes) {
        let Some(range) = self
            .file
            .hidden_attributes
            .get(&keyword.start_byte())
            .cloned()
        else {
            return;
        };
        let text = self
            .file
            .original
            .get(range.clone())
            .unwrap_or("")
            .to_owned();
        let src = format!("{text} int __mpi_dtype_lint_attribute;\n");
        let spans = self.fragment_spans(range.start, text.len(), 0);
        let Some((tree, ctx)) = self.parse(&src, spans, true) else {
            attributes.unmodelled = true;
            return;
        };
        // The attributes as a declaration's (where the grammar takes several).
        let declaration = tree
            .root_node()
            .named_child(0)
            .filter(|d| d.kind() == k::DECLARATION && !tree.root_node().has_error());
        let saved = self.swap_file(ctx);
        match declaration {
            Some(declaration) => self.child_attributes(declaration, attributes),
            None => attributes.unmodelled = true,
        }
        self.file = saved;
    }

    /// The type a declaration's attributes make of its base type: a vector, or unknown for
    /// what is not modelled.
    pub(super) fn attributed_base(&self, base: Ty, attributes: &Attributes) -> Ty {
        if attributes.unmodelled {
            return Ty::Unknown;
        }
        match &attributes.vector_size {
            Some(bytes) => Ty::Vector(Box::new(base), Box::new(bytes.clone())),
            None => base,
        }
    }

    /// A typedef's type with its `aligned(n)`, which sets the alignment with gcc (lower or
    /// higher). Not modelled for MSVC, where clang's `_Alignof` and its layouts disagree.
    pub(super) fn aligned_typedef(&self, ty: Ty, align: Option<Expr>) -> Ty {
        match align {
            None => ty,
            Some(_) if self.target == Target::X86_64WindowsMsvc => Ty::Unknown,
            Some(align) => Ty::Aligned(Box::new(ty), Box::new(align)),
        }
    }

    /// The real name of a parameter written `T name MACRO` (or `T *name MACRO`) with a macro
    /// this file does not define: tree-sitter takes `MACRO` for the name and makes `name` an
    /// error. Such a macro is nearly always an attribute (`__attribute__((unused))`), but one
    /// could also make the parameter an array or a function, so only the name is kept: the
    /// caller makes its type unknown. The error is marked repaired (no syntax-error note).
    pub(super) fn name_before_trailing_macro<'t>(
        &mut self,
        param: Node<'t>,
        declarator: Node<'t>,
    ) -> Option<Node<'t>> {
        // The innermost declarator: the last token of the parameter, a name.
        let mut last = declarator;
        while last.kind() == k::POINTER_DECLARATOR {
            last = last.child_by_field_name(k::F_DECLARATOR)?;
        }
        if last.kind() != k::IDENTIFIER
            || last.end_byte() != param.end_byte()
            || self.is_defined_macro(self.text(last))
        {
            return None;
        }
        let error = last.prev_sibling().filter(|e| e.kind() == k::ERROR)?;
        let name = error.child(0).filter(|n| n.kind() == k::IDENTIFIER)?;
        if error.child_count() != 1 || self.text(name) == self.text(last) {
            return None;
        }
        self.file.repaired.push(error.byte_range());
        Some(name)
    }

    /// An enum's attributes: whether it is packed; `None` when it has others.
    pub(super) fn enum_packing(&mut self, node: Node<'_>) -> Option<bool> {
        let mut attributes = Attributes::default();
        self.hidden_attributes(node, &mut attributes);
        self.child_attributes(node, &mut attributes);
        (!attributes.more_than_packed()).then_some(attributes.packed)
    }
}

/// The GNU attributes (`__attribute__((...))`, one or more) that follow `i` after blanks, up
/// to the end of the last one (empty when none does); and one past the last byte read, which
/// the pre-pass's resumption needs (`prepass::resume`).
pub(super) fn attributes_after(src: &[u8], i: usize) -> (Range<usize>, usize) {
    let mut range = i..i;
    let mut j = i;
    loop {
        // What is not found was looked for up to the end.
        let Some(word) = skip_blanks(src, j) else {
            return (range, src.len());
        };
        let name_end = word + src[word..].iter().take_while(|c| is_ident(**c)).count();
        if !matches!(&src[word..name_end], b"__attribute__" | b"__attribute") {
            return (range, (name_end + 1).min(src.len()));
        }
        let open = skip_blanks(src, name_end).filter(|&o| src[o] == b'(');
        let Some(close) = open.and_then(|open| closing_paren(src, open)) else {
            return (range, src.len());
        };
        if range.is_empty() {
            range.start = word;
        }
        range.end = close + 1;
        j = close + 1;
    }
}

/// The larger of two alignments.
pub(super) fn max_expr(a: Expr, b: Expr) -> Expr {
    let span = a.span;
    Expr::new(
        ExprKind::Cond(
            Box::new(Expr::new(
                ExprKind::Binary(BinOp::Gt, Box::new(a.clone()), Box::new(b.clone())),
                span,
            )),
            Box::new(a),
            Box::new(b),
        ),
        span,
    )
}
