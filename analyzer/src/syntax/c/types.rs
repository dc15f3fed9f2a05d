//! Types: specifiers (scalars, typedef names, structs, unions, enums), declarators (pointers,
//! arrays, functions), type descriptors, attributes (`packed`, `aligned`), `_Alignas`, and the
//! declarations that introduce names (variables, typedefs, struct members).

use tree_sitter::Node;

use super::attributes::Attributes;
use super::expr::EvalMode;
use super::kinds as k;
use super::memo::Read;
use super::{unknown, Lowerer};
use crate::ir::{
    Aggregate, AggregateKind, ArrayDim, BinOp, Decl, Expr, ExprKind, Field, Init, Param, Stmt,
    StmtKind, Storage, Ty,
};
use crate::layout::CType;
use crate::source::Span;

/// Type names the front end knows without a declaration: C's own, the compiler's, and MPI's
/// (MPI reserves the `MPI_` prefix). The standard headers' typedefs (`size_t`, `int64_t`,
/// `bool`, ...) are declared where they are included (see [`super::headers`]).
pub(super) fn builtin_type(name: &str) -> Option<Ty> {
    let c = match name {
        "void" => return Some(Ty::Void),
        "MPI_Datatype" => return Some(Ty::MpiDatatype),
        "MPI_Comm" | "MPI_Status" | "MPI_Request" | "MPI_Op" | "MPI_Group" | "MPI_Win"
        | "MPI_File" | "MPI_Info" | "MPI_Errhandler" | "MPI_Message" | "MPI_Session" => {
            return Some(Ty::MpiOpaque)
        }
        "char" => CType::Char,
        "short" => CType::Short,
        "int" => CType::Int,
        "long" => CType::Long,
        "float" => CType::Float,
        "double" => CType::Double,
        "_Bool" => CType::Bool,
        "__int128" | "__int128_t" | "__uint128_t" => CType::Int128,
        "__float128" | "_Float128" => CType::Float128,
        "MPI_Aint" => CType::MpiAint,
        "MPI_Offset" => CType::MpiOffset,
        "MPI_Count" => CType::MpiCount,
        "MPI_Fint" => CType::MpiFint,
        _ => return None,
    };
    Some(Ty::C(c))
}

/// Whether `node` holds a syntax error: an error node, or a missing token other than the name
/// the grammar wants before an unnamed bit-field's `:` (`unsigned : 4;` is C); not in the
/// `repaired` ranges (code whose expansion parsed, such as a macro given a type name).
pub(super) fn has_syntax_error(node: Node<'_>, repaired: &[std::ops::Range<usize>]) -> bool {
    if !node.has_error() {
        return false;
    }
    let mut cursor = node.walk();
    'walk: loop {
        let n = cursor.node();
        let unnamed_bit_field = n.kind() == k::FIELD_IDENTIFIER
            && n.next_sibling()
                .is_some_and(|s| s.kind() == k::BITFIELD_CLAUSE);
        let skipped = repaired.contains(&n.byte_range());
        if !skipped && (n.is_error() || (n.is_missing() && !unnamed_bit_field)) {
            return true;
        }
        if !skipped && n.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    false
}

/// What a declarator declares.
pub(super) struct Declared<'t> {
    pub name: String,
    pub name_span: Span,
    pub ty: Ty,
    /// A function (not a pointer to one): its parameter list.
    pub function_params: Option<Node<'t>>,
}

/// What the specifiers of a declaration say besides the type.
#[derive(Default)]
pub(super) struct Specifiers {
    pub constant: bool,
    /// `static`: inside a function, one variable for every call.
    pub is_static: bool,
    pub is_typedef: bool,
    /// GNU attributes, and `_Alignas(n)` as an `aligned(n)`.
    pub attributes: Attributes,
}

/// Wraps `ty` in one more array dimension, outermost first (`int a[2][3]`: 2 then 3).
fn array_of(ty: Ty, dim: ArrayDim) -> Ty {
    match ty {
        Ty::Array(elem, mut dims) => {
            dims.insert(0, dim);
            Ty::Array(elem, dims)
        }
        other => Ty::Array(Box::new(other), vec![dim]),
    }
}

/// `_Complex` applied to a real floating type.
fn complex_of(ty: Ty) -> Ty {
    match ty {
        Ty::C(CType::Float) => Ty::C(CType::FloatComplex),
        Ty::C(CType::Double) => Ty::C(CType::DoubleComplex),
        Ty::C(CType::LongDouble) => Ty::C(CType::LongDoubleComplex),
        _ => Ty::Unknown,
    }
}

impl<'a> Lowerer<'a> {
    /// The type a typedef or builtin name stands for.
    pub(super) fn type_from_name(&self, name: &str) -> Ty {
        self.read(|| Read::TypeName(name.to_owned()));
        if self.typedef_names.contains(name) {
            return Ty::Named(name.to_owned());
        }
        builtin_type(name).unwrap_or_else(|| Ty::Named(name.to_owned()))
    }

    /// The type of a `type` field (a type specifier), defining the aggregates and enums it
    /// declares on the way.
    pub(super) fn lower_type_specifier(&mut self, node: Node<'_>) -> Ty {
        if !self.enter(node) {
            return Ty::Unknown;
        }
        let ty = match node.kind() {
            k::PRIMITIVE_TYPE | k::TYPE_IDENTIFIER => {
                let name = self.text(node).to_owned();
                self.type_from_name(&name)
            }
            k::SIZED_TYPE_SPECIFIER => self.sized_type(node),
            k::STRUCT_SPECIFIER => self.lower_record(node, AggregateKind::Struct),
            k::UNION_SPECIFIER => self.lower_record(node, AggregateKind::Union),
            k::ENUM_SPECIFIER => self.lower_enum(node),
            _ => Ty::Unknown,
        };
        self.leave();
        ty
    }

    /// `unsigned long long int`, `long double`, `short`, ...
    fn sized_type(&mut self, node: Node<'_>) -> Ty {
        let (mut longs, mut short, mut unsigned, mut signed) = (0, false, false, false);
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            match child.kind() {
                k::KW_LONG => longs += 1,
                k::KW_SHORT => short = true,
                k::KW_UNSIGNED => unsigned = true,
                k::KW_SIGNED => signed = true,
                _ => {}
            }
        }
        let base = node
            .child_by_field_name(k::F_TYPE)
            .map(|t| self.text(t).to_owned());
        let c = match (base.as_deref(), longs, short, unsigned) {
            (Some("char"), ..) if unsigned => CType::UnsignedChar,
            (Some("char"), ..) if signed => CType::SignedChar,
            (Some("char"), ..) => CType::Char,
            (Some("double"), 1, ..) => CType::LongDouble,
            (Some("int") | None, 0, true, false) => CType::Short,
            (Some("int") | None, 0, true, true) => CType::UnsignedShort,
            (Some("int") | None, 0, false, false) => CType::Int,
            (Some("int") | None, 0, false, true) => CType::UnsignedInt,
            (Some("int") | None, 1, false, false) => CType::Long,
            (Some("int") | None, 1, false, true) => CType::UnsignedLong,
            (Some("int") | None, 2, false, false) => CType::LongLong,
            (Some("int") | None, 2, false, true) => CType::UnsignedLongLong,
            _ => return Ty::Unknown,
        };
        Ty::C(c)
    }

    /// A struct or union specifier: defines the aggregate when it has a body.
    fn lower_record(&mut self, node: Node<'_>, kind: AggregateKind) -> Ty {
        let keyword = if kind == AggregateKind::Union {
            "union"
        } else {
            "struct"
        };
        let name_node = node.child_by_field_name(k::F_NAME);
        let name = match name_node {
            Some(n) => format!("{keyword} {}", self.text(n)),
            None => self.fresh_anon(keyword),
        };
        let Some(body) = node.child_by_field_name(k::F_BODY) else {
            return Ty::Named(name);
        };
        let mut attributes = Attributes::default();
        self.hidden_attributes(node, &mut attributes);
        self.child_attributes(node, &mut attributes);
        let mut fields = Vec::new();
        self.lower_fields(body, &mut fields);
        if attributes.unmodelled || attributes.vector_size.is_some() {
            fields.push(Self::unknown_field());
        }
        let span = self.span(node);
        self.program.aggregates.push(Aggregate {
            name: name.clone(),
            anonymous: name_node.is_none(),
            name_span: name_node.map_or(span, |n| self.span(n)),
            kind,
            fields,
            pack: if attributes.packed {
                Some(1)
            } else {
                self.pack
            },
            align: attributes.align,
            span,
        });
        Ty::Named(name)
    }

    /// The members of a field declaration list.
    pub(super) fn lower_fields(&mut self, list: Node<'_>, fields: &mut Vec<Field>) {
        let mut cursor = list.walk();
        let children: Vec<Node<'_>> = list.named_children(&mut cursor).collect();
        for child in children {
            self.lower_field_item(child, fields);
        }
    }

    /// One item of a field declaration list: a member, a conditional, a directive.
    pub(super) fn lower_field_item(&mut self, child: Node<'_>, fields: &mut Vec<Field>) {
        match child.kind() {
            k::FIELD_DECLARATION => self.lower_field_declaration(child, fields),
            k::PREPROC_IF | k::PREPROC_IFDEF if self.enter(child) => {
                self.lower_conditional_fields(child, fields);
                self.leave();
            }
            k::PREPROC_DEF | k::PREPROC_FUNCTION_DEF | k::PREPROC_CALL => {
                self.lower_directive(child)
            }
            k::COMMENT => {}
            _ => {
                self.error_note(child);
                fields.push(Self::unknown_field());
            }
        }
    }

    /// A member whose presence or type is not known: it makes the layout unknown.
    pub(super) fn unknown_field() -> Field {
        Field {
            name: String::new(),
            ty: Ty::Unknown,
            bit_width: None,
            align: None,
        }
    }

    fn lower_field_declaration(&mut self, node: Node<'_>, fields: &mut Vec<Field>) {
        let (base, specifiers) = self.lower_specifiers(node);
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
        let mut declared_any = false;
        let mut attributes = specifiers.attributes;
        self.child_attributes(node, &mut attributes);
        let base = self.attributed_base(base, &attributes);
        for (i, child) in children.iter().enumerate() {
            if node.field_name_for_child(i as u32) != Some(k::F_DECLARATOR) {
                continue;
            }
            declared_any = true;
            let bit_width = children
                .get(i + 1)
                .filter(|c| c.kind() == k::BITFIELD_CLAUSE)
                .and_then(|c| c.named_child(0))
                .map(|w| self.lower_expr(w));
            let Some(declared) = self.apply_declarator(*child, base.clone()) else {
                fields.push(Self::unknown_field());
                continue;
            };
            // A packed member is aligned to 1 (or to its `aligned(n)`).
            let ty = match attributes.packed {
                true => Ty::Aligned(
                    Box::new(declared.ty),
                    Box::new(Expr::int(1, declared.name_span)),
                ),
                false => declared.ty,
            };
            fields.push(Field {
                name: declared.name,
                ty,
                bit_width,
                align: attributes.align.clone(),
            });
        }
        if !declared_any {
            // An anonymous struct or union member (or an unnamed bit-field).
            let bit_width = children
                .iter()
                .find(|c| c.kind() == k::BITFIELD_CLAUSE)
                .and_then(|c| c.named_child(0))
                .map(|w| self.lower_expr(w));
            fields.push(Field {
                name: String::new(),
                ty: base,
                bit_width,
                align: attributes.align,
            });
        }
    }

    /// The base type and the other specifiers of a declaration, field or parameter.
    pub(super) fn lower_specifiers(&mut self, node: Node<'_>) -> (Ty, Specifiers) {
        let mut specifiers = Specifiers::default();
        let mut ty = Ty::Unknown;
        let (mut complex, mut complex_known) = (false, true);
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
        for (i, child) in children.iter().enumerate() {
            if node.field_name_for_child(i as u32) == Some(k::F_TYPE) {
                ty = self.lower_type_specifier(*child);
                continue;
            }
            match child.kind() {
                k::TYPE_QUALIFIER => {
                    if self.file.complex_at.contains(&child.start_byte()) {
                        // complex.h's `complex` is `_Complex` only where the target's header
                        // defines it and the code left it alone.
                        let written = self.file.original.get(child.start_byte()..);
                        let keyword = !written.is_some_and(|t| t.starts_with("complex"));
                        complex_known &= keyword || self.complex_macro_in_effect();
                        complex = true;
                    } else if self.text(*child) == k::KW_CONST {
                        specifiers.constant = true;
                    } else if let Some(alignas) = child
                        .named_child(0)
                        .filter(|c| c.kind() == k::ALIGNAS_QUALIFIER)
                    {
                        let value = self.alignas_value(alignas);
                        specifiers.attributes.require_align(value);
                    }
                }
                k::ATTRIBUTE_SPECIFIER => self.read_attribute(*child, &mut specifiers.attributes),
                k::STORAGE_CLASS_SPECIFIER if self.text(*child) == k::KW_STATIC => {
                    specifiers.is_static = true;
                }
                _ if self.text(*child) == "typedef" => specifiers.is_typedef = true,
                _ => {}
            }
        }
        if complex {
            ty = if complex_known {
                complex_of(ty)
            } else {
                Ty::Unknown
            };
        }
        (ty, specifiers)
    }

    /// `_Alignas(n)` or `_Alignas(type)`.
    fn alignas_value(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        match node.named_child(0) {
            Some(t) if t.kind() == k::TYPE_DESCRIPTOR => {
                Expr::new(ExprKind::AlignofType(self.lower_type_descriptor(t)), span)
            }
            // `_Alignas(T)` with a typedef name parses as an expression.
            Some(e) if e.kind() == k::IDENTIFIER && self.is_type_name(self.text(e)) => {
                let name = self.text(e).to_owned();
                Expr::new(ExprKind::AlignofType(self.type_from_name(&name)), span)
            }
            Some(e) => self.lower_expr(e),
            None => unknown(span),
        }
    }

    /// `(T)`, `sizeof(T)`, `offsetof(T, m)`: a type descriptor.
    pub(super) fn lower_type_descriptor(&mut self, node: Node<'_>) -> Ty {
        if node.kind() != k::TYPE_DESCRIPTOR {
            return Ty::Unknown;
        }
        let (base, _) = self.lower_specifiers(node);
        match node.child_by_field_name(k::F_DECLARATOR) {
            Some(d) => self.apply_declarator(d, base).map_or(Ty::Unknown, |d| d.ty),
            None => base,
        }
    }

    /// Applies a (possibly abstract) declarator to the base type: pointers, arrays, functions.
    pub(super) fn apply_declarator<'t>(&mut self, node: Node<'t>, ty: Ty) -> Option<Declared<'t>> {
        if !self.enter(node) {
            return None;
        }
        let result = self.apply_declarator_inner(node, ty);
        self.leave();
        result
    }

    fn apply_declarator_inner<'t>(&mut self, node: Node<'t>, ty: Ty) -> Option<Declared<'t>> {
        let inner = node.child_by_field_name(k::F_DECLARATOR);
        let nameless = |ty: Ty, span: Span| Declared {
            name: String::new(),
            name_span: span,
            ty,
            function_params: None,
        };
        match node.kind() {
            // `typedef int bool;` declares a name the grammar takes for a type (`bool`).
            k::IDENTIFIER | k::FIELD_IDENTIFIER | k::TYPE_IDENTIFIER | k::PRIMITIVE_TYPE => {
                Some(Declared {
                    name: self.text(node).to_owned(),
                    name_span: self.span(node),
                    ty,
                    function_params: None,
                })
            }
            k::POINTER_DECLARATOR | k::ABSTRACT_POINTER_DECLARATOR => {
                let pointer = Ty::Pointer(Box::new(ty));
                let span = self.span(node);
                let mut declared = match inner {
                    Some(d) => self.apply_declarator(d, pointer)?,
                    None => return Some(nameless(pointer, span)),
                };
                if declared.function_params.take().is_some() {
                    // A pointer to a function.
                    declared.ty = Ty::Pointer(Box::new(Ty::Void));
                }
                Some(declared)
            }
            k::ARRAY_DECLARATOR | k::ABSTRACT_ARRAY_DECLARATOR => {
                let span = self.span(node);
                let upper = node.child_by_field_name(k::F_SIZE).map(|size| {
                    let size = self.lower_expr(size);
                    self.last_index(size)
                });
                let array = array_of(
                    ty,
                    ArrayDim {
                        lower: Expr::int(0, span),
                        upper,
                    },
                );
                match inner {
                    Some(d) => self.apply_declarator(d, array),
                    None => Some(nameless(array, span)),
                }
            }
            k::FUNCTION_DECLARATOR | k::ABSTRACT_FUNCTION_DECLARATOR => {
                let params = node.child_by_field_name(k::F_PARAMETERS);
                let span = self.span(node);
                let mut declared = match inner {
                    Some(d) => self.apply_declarator(d, ty)?,
                    None => nameless(Ty::Unknown, span),
                };
                if declared.function_params.is_none() {
                    declared.function_params = params;
                }
                Some(declared)
            }
            k::PARENTHESIZED_DECLARATOR
            | k::ABSTRACT_PARENTHESIZED_DECLARATOR
            | k::ATTRIBUTED_DECLARATOR => {
                let first = node.named_child(0)?;
                self.apply_declarator(first, ty)
            }
            _ => None,
        }
    }

    /// The inclusive upper bound `size - 1`, folded when constant.
    pub(super) fn last_index(&self, size: Expr) -> Expr {
        let span = size.span;
        match self.const_eval(&size, EvalMode::Constant) {
            Some(n) => Expr::int(n - 1, span),
            None => Expr::new(
                ExprKind::Binary(BinOp::Sub, Box::new(size), Box::new(Expr::int(1, span))),
                span,
            ),
        }
    }

    /// Parameters of a function declarator; arrays decay to pointers.
    pub(super) fn lower_params(&mut self, list: Node<'_>) -> Vec<Param> {
        let mut params = Vec::new();
        let mut cursor = list.walk();
        let children: Vec<Node<'_>> = list.named_children(&mut cursor).collect();
        for child in children {
            if child.kind() != k::PARAMETER_DECLARATION {
                continue;
            }
            let (base, _) = self.lower_specifiers(child);
            let Some(declarator) = child.child_by_field_name(k::F_DECLARATOR) else {
                continue;
            };
            let Some(mut declared) = self.apply_declarator(declarator, base) else {
                continue;
            };
            if let Some(name) = self.name_before_trailing_macro(child, declarator) {
                declared.name = self.text(name).to_owned();
                declared.name_span = self.span(name);
                declared.ty = Ty::Unknown;
            }
            let ty = match declared.ty {
                Ty::Array(elem, mut dims) => {
                    if dims.len() > 1 {
                        dims.remove(0);
                        Ty::Pointer(Box::new(Ty::Array(elem, dims)))
                    } else {
                        Ty::Pointer(elem)
                    }
                }
                _ if declared.function_params.is_some() => Ty::Pointer(Box::new(Ty::Void)),
                other => other,
            };
            params.push(Param {
                name: declared.name,
                ty,
                by_reference: false,
            });
        }
        params
    }

    /// A declaration: variables (with initializers) go to `out`; prototypes declare nothing;
    /// enumerators and aggregates it defines are recorded on the way.
    pub(super) fn lower_declaration(&mut self, node: Node<'_>, out: &mut Vec<Stmt>) {
        let (base, specifiers) = self.lower_specifiers(node);
        let base = self.attributed_base(base, &specifiers.attributes);
        out.append(&mut self.pending);
        let mut cursor = node.walk();
        let declarators: Vec<Node<'_>> = node
            .children_by_field_name(k::F_DECLARATOR, &mut cursor)
            .collect();
        for declarator in declarators {
            let (target, init_node) = match declarator.kind() {
                k::INIT_DECLARATOR => (
                    declarator.child_by_field_name(k::F_DECLARATOR),
                    declarator.child_by_field_name(k::F_VALUE),
                ),
                _ => (Some(declarator), None),
            };
            let Some(declared) = target.and_then(|t| self.apply_declarator(t, base.clone())) else {
                continue;
            };
            if declared.function_params.is_some() || declared.name.is_empty() {
                continue;
            }
            let init = init_node.map(|i| self.lower_initializer(i));
            let ty = match (declared.ty, &init) {
                (Ty::Array(elem, mut dims), Some(init)) if dims[0].upper.is_none() => {
                    dims[0].upper = self
                        .implied_length(init)
                        .map(|n| Expr::int(n - 1, declared.name_span));
                    Ty::Array(elem, dims)
                }
                (ty, _) => ty,
            };
            let constant = specifiers.constant && !matches!(ty, Ty::Pointer(_));
            let span = self.span(declarator);
            self.flush_clobbers(span, out);
            out.push(Stmt {
                kind: StmtKind::Decl(Decl {
                    name: declared.name,
                    name_span: declared.name_span,
                    ty,
                    init,
                    constant,
                    storage: if specifiers.is_static && self.function_body.is_some() {
                        Storage::Saved
                    } else {
                        Storage::Automatic
                    },
                }),
                span,
            });
        }
    }

    /// `typedef T name, *pname;`
    pub(super) fn lower_typedef(&mut self, node: Node<'_>) {
        let (base, specifiers) = self.lower_specifiers(node);
        let base = self.attributed_base(base, &specifiers.attributes);
        let mut pending = std::mem::take(&mut self.pending);
        self.program.globals.append(&mut pending);
        let mut cursor = node.walk();
        let declarators: Vec<Node<'_>> = node
            .children_by_field_name(k::F_DECLARATOR, &mut cursor)
            .collect();
        for declarator in declarators {
            let Some(declared) = self.apply_declarator(declarator, base.clone()) else {
                continue;
            };
            let ty = if declared.function_params.is_some() {
                Ty::Unknown
            } else {
                let align = specifiers.attributes.align.clone();
                self.aligned_typedef(declared.ty, align)
            };
            self.typedef_names.insert(declared.name.clone());
            self.program.typedefs.push((declared.name, ty));
        }
    }

    /// An initializer: an expression or a brace list with designators.
    fn lower_initializer(&mut self, node: Node<'_>) -> Init {
        if node.kind() != k::INITIALIZER_LIST || !self.enter(node) {
            return Init::Expr(self.lower_expr(node));
        }
        let mut items = Vec::new();
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                k::COMMENT => {}
                k::INITIALIZER_PAIR => {
                    let mut designators = Vec::new();
                    let mut c = child.walk();
                    let parts: Vec<Node<'_>> = child
                        .children_by_field_name(k::F_DESIGNATOR, &mut c)
                        .collect();
                    for part in parts {
                        match part.kind() {
                            k::SUBSCRIPT_DESIGNATOR => {
                                let index = match part.named_child(0) {
                                    Some(i) => self.lower_expr(i),
                                    None => unknown(self.span(part)),
                                };
                                designators.push(crate::ir::Designator::Index(index));
                            }
                            k::FIELD_DESIGNATOR | k::FIELD_IDENTIFIER => {
                                let name = part.named_child(0).unwrap_or(part);
                                designators
                                    .push(crate::ir::Designator::Field(self.text(name).to_owned()));
                            }
                            // `[a ... b] = x` (a GNU range): the element is not known.
                            _ => designators
                                .push(crate::ir::Designator::Index(unknown(self.span(part)))),
                        }
                    }
                    let value = match child.child_by_field_name(k::F_VALUE) {
                        Some(v) => self.lower_initializer(v),
                        None => Init::Expr(unknown(self.span(child))),
                    };
                    items.push(nest_designators(designators, value));
                }
                _ => {
                    let value = self.lower_initializer(child);
                    items.push((Vec::new(), value));
                }
            }
        }
        self.leave();
        Init::List(items)
    }

    /// The length of `a[]` implied by its initializer.
    fn implied_length(&self, init: &Init) -> Option<i128> {
        match init {
            Init::Expr(Expr {
                kind: ExprKind::Str(s),
                ..
            }) => i128::try_from(s.len() + 1).ok(),
            Init::Expr(_) => None,
            Init::List(items) => {
                let (mut next, mut length) = (0i128, 0i128);
                for (designators, _) in items {
                    if let Some(crate::ir::Designator::Index(i)) = designators.first() {
                        next = self.const_eval(i, EvalMode::Constant)?;
                    }
                    next += 1;
                    length = length.max(next);
                }
                Some(length)
            }
        }
    }
}

/// `.a.b = x` as `.a = { .b = x }`: the evaluator reads the first designator of each item.
fn nest_designators(
    mut designators: Vec<crate::ir::Designator>,
    value: Init,
) -> (Vec<crate::ir::Designator>, Init) {
    if designators.len() <= 1 {
        return (designators, value);
    }
    let rest = designators.split_off(1);
    (designators, Init::List(vec![nest_designators(rest, value)]))
}
