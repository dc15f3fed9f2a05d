//! Sizes, alignments and field offsets of the program's types on the target: C scalars and
//! aggregates (with `#pragma pack`, `_Alignas`, anonymous members), Fortran intrinsic kinds,
//! derived types (gfortran lays out every derived type, `SEQUENCE` and `BIND(C)` or not, as C
//! lays out the matching struct) and COMMON blocks. Bit-fields are unknown. Every offset is
//! overflow-checked.

use super::reads;
use super::record::{round_up, Placement};
use super::{CType, FortranType, SizeAlign, Target};
use crate::ir::{Aggregate, AggregateKind, ArrayDim, Expr, Program, Ty};

/// What laying out the program's types needs besides the types: the target, and the value of a
/// constant expression (an array bound, an alignment, a kind) where the type is used.
pub(crate) trait TypeContext<'p> {
    fn program(&self) -> &'p Program;
    fn target(&self) -> Target;
    fn constant(&mut self, e: &Expr) -> Option<i128>;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub size: i128,
    pub align: i128,
}

impl From<SizeAlign> for Layout {
    fn from(s: SizeAlign) -> Layout {
        Layout {
            size: i128::from(s.size),
            align: i128::from(s.align),
        }
    }
}

/// A scalar member of an aggregate (or an array of scalars), at its byte offset.
#[derive(Clone, Debug)]
pub(crate) struct Member {
    /// `x`, `pos[1].y`.
    pub name: String,
    pub offset: i128,
    /// Size of one scalar.
    pub size: i128,
    /// Number of scalars (array members).
    pub count: i128,
    pub ty: Ty,
}

/// Name, byte offset and type of each field of an aggregate.
type FieldOffsets = Vec<(String, i128, Ty)>;

/// Deepest nesting of types followed (a typedef cycle or absurd nesting stops here).
const MAX_TYPE_DEPTH: usize = 64;

/// gcc aligns a vector to its size, up to this on aarch64, and answers `_Alignof` with at most
/// this on every target it models unless the alignment is the user's (more with `-mavx`).
const AARCH64_MAX_VECTOR_ALIGN: i128 = 16;

/// Members flattened per element type at most (an element with more is not described).
const MAX_MEMBERS: usize = 4096;

/// Number of elements between two bounds (none when `upper < lower`).
pub(crate) fn dimension_extent(lower: i128, upper: i128) -> Option<i128> {
    Some(upper.checked_sub(lower)?.checked_add(1)?.max(0))
}

/// `offset` moved on by `index` elements of `element_size` bytes.
pub(crate) fn element_offset(offset: i128, index: i128, element_size: i128) -> Option<i128> {
    offset.checked_add(index.checked_mul(element_size)?)
}

/// Follows typedefs (and alignment wrappers) to the type they name.
pub(crate) fn resolve<'a>(program: &'a Program, ty: &'a Ty) -> &'a Ty {
    resolve_aligned(program, ty).0
}

/// Follows typedefs and alignment wrappers to the type they name; the outermost alignment set
/// on the way, if any.
fn resolve_aligned<'a>(program: &'a Program, ty: &'a Ty) -> (&'a Ty, Option<&'a Expr>) {
    let mut ty = ty;
    let mut align = None;
    for _ in 0..MAX_TYPE_DEPTH {
        match ty {
            Ty::Named(name) => match reads::typedef(program, name) {
                Some(t) => ty = t,
                None => return (ty, align),
            },
            Ty::Aligned(inner, a) => {
                align = align.or(Some(&**a));
                ty = inner;
            }
            _ => return (ty, align),
        }
    }
    (ty, align)
}

/// The aggregate a type names, through typedefs.
pub(crate) fn aggregate<'p>(program: &'p Program, ty: &Ty) -> Option<&'p Aggregate> {
    match resolve(program, ty) {
        Ty::Named(name) => reads::aggregate(program, name),
        _ => None,
    }
}

/// The type of a field without needing the layout (for fields of unknown-layout types).
pub(crate) fn field_type(program: &Program, ty: &Ty, name: &str) -> Option<Ty> {
    let agg = aggregate(program, ty)?;
    for f in &agg.fields {
        if f.name == name {
            return Some(f.ty.clone());
        }
        if f.name.is_empty() {
            if let Some(t) = field_type(program, &f.ty, name) {
                return Some(t);
            }
        }
    }
    None
}

/// The Fortran kind a kind expression names (`None` is the default kind).
pub(crate) fn fortran_kind<'p>(
    cx: &mut impl TypeContext<'p>,
    ty: FortranType,
    kind: Option<&Expr>,
) -> Option<u32> {
    match kind {
        None => Some(cx.target().fortran_default_kind(ty)),
        Some(e) => cx.constant(e).and_then(|k| u32::try_from(k).ok()),
    }
}

/// A Fortran `CHARACTER` type of any length as what MPI counts in it: one character of its kind,
/// and the length expression (`None` when the type is one character already). `None` for every
/// other type.
///
/// MPI-4.1 §3.3.1: "The type MPI_CHARACTER matches one character of a Fortran variable of type
/// CHARACTER, rather than the entire character string stored in the variable. Fortran variables
/// of type CHARACTER or substrings are transferred as if they were arrays of characters."
pub(crate) fn character_unit(ty: &Ty) -> Option<(Ty, Option<&Expr>)> {
    match ty {
        Ty::Fortran {
            ty: FortranType::Character,
            kind,
            len,
        } => Some((
            Ty::Fortran {
                ty: FortranType::Character,
                kind: kind.clone(),
                len: None,
            },
            len.as_deref(),
        )),
        _ => None,
    }
}

/// The number of characters of a `CHARACTER` length: a negative length is zero (F2018 7.4.4.2).
pub(crate) fn character_length<'p>(cx: &mut impl TypeContext<'p>, len: &Expr) -> Option<i128> {
    cx.constant(len).map(|n| n.max(0))
}

pub(crate) fn layout<'p>(cx: &mut impl TypeContext<'p>, ty: &Ty) -> Option<Layout> {
    layout_at(cx, ty, 0)
}

fn layout_at<'p>(cx: &mut impl TypeContext<'p>, ty: &Ty, depth: usize) -> Option<Layout> {
    if depth > MAX_TYPE_DEPTH {
        return None;
    }
    let (resolved, align) = resolve_aligned(cx.program(), ty);
    let mut layout = natural_layout(cx, resolved, depth)?;
    if let Some(align) = align {
        layout.align = cx.constant(align).filter(|a| *a > 0)?;
    }
    Some(layout)
}

/// The layout of a type without an alignment wrapper around it.
fn natural_layout<'p>(cx: &mut impl TypeContext<'p>, ty: &Ty, depth: usize) -> Option<Layout> {
    let target = cx.target();
    match ty {
        Ty::C(c) => target.c_opt(*c).map(Layout::from),
        Ty::Fortran { ty, kind, len } => {
            let (ty, len) = (*ty, len.clone());
            let kind = fortran_kind(cx, ty, kind.as_deref())?;
            let one = Layout::from(target.fortran(ty, kind)?);
            match (ty, len) {
                (FortranType::Character, Some(len)) => Some(Layout {
                    size: one.size.checked_mul(character_length(cx, &len)?)?,
                    align: one.align,
                }),
                _ => Some(one),
            }
        }
        Ty::Pointer(_) => target.c_opt(CType::Pointer).map(Layout::from),
        Ty::Array(elem, dims) => {
            let elem = layout_at(cx, elem, depth + 1)?;
            let count = element_count(cx, dims)?;
            Some(Layout {
                size: elem.size.checked_mul(count)?,
                align: elem.align,
            })
        }
        Ty::Named(_) => {
            let agg = aggregate(cx.program(), ty)?;
            aggregate_layout(cx, agg, depth).map(|(l, _)| l)
        }
        Ty::Vector(elem, bytes) => {
            let (elem, bytes) = (layout_at(cx, elem, depth + 1)?, cx.constant(bytes)?);
            let count = bytes.checked_div(elem.size)?;
            // gcc takes only a power of two of whole elements.
            if count < 1 || count * elem.size != bytes || count & (count - 1) != 0 {
                return None;
            }
            let align = match target {
                Target::Aarch64LinuxGnu => bytes.min(AARCH64_MAX_VECTOR_ALIGN),
                _ => bytes,
            };
            Some(Layout { size: bytes, align })
        }
        // Seen through by `resolve_aligned`.
        Ty::Aligned(..) => None,
        Ty::MpiDatatype | Ty::MpiOpaque | Ty::Void | Ty::Unknown => None,
    }
}

/// What `_Alignof(ty)` evaluates to. gcc answers with at most 16 for a type aligned more by a
/// vector in it (and not by an `aligned` attribute), unless options such as `-mavx` raise that
/// limit: such a type's `_Alignof` is unknown.
pub(crate) fn alignof<'p>(cx: &mut impl TypeContext<'p>, ty: &Ty) -> Option<i128> {
    let align = layout(cx, ty)?.align;
    let gcc = cx.target() != Target::X86_64WindowsMsvc;
    if gcc && align > AARCH64_MAX_VECTOR_ALIGN && aligned_by_vector(cx, ty, 0) {
        return None;
    }
    Some(align)
}

/// Whether a vector inside `ty` gives it its alignment (not an `aligned` attribute).
fn aligned_by_vector<'p>(cx: &mut impl TypeContext<'p>, ty: &Ty, depth: usize) -> bool {
    let program = cx.program();
    let (resolved, user_align) = resolve_aligned(program, ty);
    if user_align.is_some() || depth > MAX_TYPE_DEPTH {
        return user_align.is_none();
    }
    match resolved {
        Ty::Vector(..) => true,
        Ty::Array(elem, _) => aligned_by_vector(cx, elem, depth + 1),
        Ty::Named(_) => match aggregate(program, resolved) {
            // A member with its own alignment makes the record's the user's.
            Some(agg) if agg.align.is_none() && agg.fields.iter().all(|f| f.align.is_none()) => agg
                .fields
                .iter()
                .any(|f| aligned_by_vector(cx, &f.ty, depth + 1)),
            _ => false,
        },
        _ => false,
    }
}

/// Number of elements of an array with these dimensions.
pub(crate) fn element_count<'p>(cx: &mut impl TypeContext<'p>, dims: &[ArrayDim]) -> Option<i128> {
    let mut count: i128 = 1;
    for (lower, upper) in bounds(cx, dims)? {
        count = count.checked_mul(dimension_extent(lower, upper)?)?;
    }
    Some(count)
}

/// Lower and upper bounds of each dimension.
pub(crate) fn bounds<'p>(
    cx: &mut impl TypeContext<'p>,
    dims: &[ArrayDim],
) -> Option<Vec<(i128, i128)>> {
    dims.iter()
        .map(|d| {
            let lower = cx.constant(&d.lower)?;
            let upper = cx.constant(d.upper.as_ref()?)?;
            Some((lower, upper))
        })
        .collect()
}

/// Layout of an aggregate and the offset of each named field (anonymous members' fields
/// included, at their own offsets).
fn aggregate_layout<'p>(
    cx: &mut impl TypeContext<'p>,
    agg: &Aggregate,
    depth: usize,
) -> Option<(Layout, FieldOffsets)> {
    if agg.kind == AggregateKind::FortranCommon {
        return common_layout(cx, agg, depth);
    }
    let union = agg.kind == AggregateKind::Union;
    let mut place = Placement::new(cx.target(), union);
    let mut fields = Vec::new();
    let last = agg.fields.len().saturating_sub(1);
    for (i, field) in agg.fields.iter().enumerate() {
        if let Some(width) = &field.bit_width {
            // Bit-fields of packed records or with their own alignment are not modelled.
            if agg.pack.is_some() || field.align.is_some() {
                return None;
            }
            let (ty, align) = resolve_aligned(cx.program(), &field.ty);
            let integer = matches!(ty, Ty::C(c) if !c.is_floating() && *c != CType::Pointer);
            if !integer || align.is_some() {
                return None;
            }
            let l = layout_at(cx, &field.ty, depth + 1)?;
            let width = cx
                .constant(width)
                .filter(|w| (0..=l.size * 8).contains(w))?;
            place.bit_field(l, width, !field.name.is_empty())?;
            continue;
        }
        // A flexible array member (`double d[];`, last in a struct) takes no room.
        let mut l = match flexible_element(cx.program(), &field.ty) {
            Some(element) if !union && i == last => Layout {
                size: 0,
                align: layout_at(cx, &element, depth + 1)?.align,
            },
            _ => layout_at(cx, &field.ty, depth + 1)?,
        };
        if let Some(pack) = agg.pack {
            l.align = l.align.min(i128::from(pack));
        }
        if let Some(a) = &field.align {
            l.align = l.align.max(cx.constant(a)?);
        }
        let at = place.member(l)?;
        if field.name.is_empty() {
            let inner = aggregate(cx.program(), &field.ty)?;
            let (_, inner_fields) = aggregate_layout(cx, inner, depth + 1)?;
            for (name, o, ty) in inner_fields {
                fields.push((name, o.checked_add(at)?, ty));
            }
        } else {
            fields.push((field.name.clone(), at, field.ty.clone()));
        }
    }
    let align = match &agg.align {
        Some(a) => cx.constant(a)?,
        None => 1,
    };
    Some((place.finish(align)?, fields))
}

/// A COMMON block as gfortran lays it out (`-falign-commons`): each member at the next multiple
/// of its type's own alignment, the block as long as its members reach. A derived-type member,
/// or a target whose COMMON alignment was not measured, leaves the layout unknown.
fn common_layout<'p>(
    cx: &mut impl TypeContext<'p>,
    agg: &Aggregate,
    depth: usize,
) -> Option<(Layout, FieldOffsets)> {
    let (mut end, mut block_align) = (0i128, 1i128);
    let mut fields = Vec::new();
    for field in &agg.fields {
        let size = layout_at(cx, &field.ty, depth + 1)?.size;
        let scalar = match resolve(cx.program(), &field.ty) {
            Ty::Array(element, _) => resolve(cx.program(), element),
            other => other,
        };
        let Ty::Fortran { ty, kind, .. } = scalar else {
            return None;
        };
        let kind = fortran_kind(cx, *ty, kind.as_deref())?;
        let align = i128::from(cx.target().fortran_common_align(*ty, kind)?);
        let at = round_up(end, align)?;
        end = at.checked_add(size)?;
        block_align = block_align.max(align);
        fields.push((field.name.clone(), at, field.ty.clone()));
    }
    Some((
        Layout {
            size: end,
            align: block_align,
        },
        fields,
    ))
}

/// The element type of an array of unknown length (`double d[]`, `int m[][3]`).
fn flexible_element(program: &Program, ty: &Ty) -> Option<Ty> {
    match resolve(program, ty) {
        Ty::Array(elem, dims) if dims.first()?.upper.is_none() => Some(match dims.len() {
            1 => (**elem).clone(),
            _ => Ty::Array(elem.clone(), dims[1..].to_vec()),
        }),
        _ => None,
    }
}

/// Offset and type of a field of an aggregate type.
pub(crate) fn field<'p>(cx: &mut impl TypeContext<'p>, ty: &Ty, name: &str) -> Option<(i128, Ty)> {
    let agg = aggregate(cx.program(), ty)?;
    let (_, fields) = aggregate_layout(cx, agg, 0)?;
    fields
        .into_iter()
        .find(|(n, ..)| n == name)
        .map(|(_, o, t)| (o, t))
}

/// The scalar members of aggregate `ty`, in declaration order (nested aggregates flattened,
/// arrays of scalars as one member); `None` when its layout is not known.
pub(crate) fn members<'p>(cx: &mut impl TypeContext<'p>, ty: &Ty) -> Option<Vec<Member>> {
    let mut out = Vec::new();
    flatten(cx, ty, "", 0, 0, &mut out)?;
    Some(out)
}

/// Appends the scalar members of aggregate `ty` placed at `base`, in declaration order.
fn flatten<'p>(
    cx: &mut impl TypeContext<'p>,
    ty: &Ty,
    prefix: &str,
    base: i128,
    depth: usize,
    out: &mut Vec<Member>,
) -> Option<()> {
    if depth > MAX_TYPE_DEPTH {
        return None;
    }
    let program = cx.program();
    let agg = aggregate(program, ty)?;
    // Bit-fields cannot be described to MPI.
    if agg.fields.iter().any(|f| f.bit_width.is_some()) {
        return None;
    }
    let (_, fields) = aggregate_layout(cx, agg, 0)?;
    for (name, offset, field_ty) in fields {
        // A flexible array member holds no element of the struct itself.
        if flexible_element(program, &field_ty).is_some() {
            continue;
        }
        let name = format!("{prefix}{name}");
        let (scalar, count) = match resolve(program, &field_ty) {
            Ty::Array(inner, dims) => (resolve(program, inner).clone(), element_count(cx, dims)?),
            Ty::Vector(inner, _) => {
                let (vector, one) = (layout(cx, &field_ty)?, layout(cx, inner)?);
                (resolve(program, inner).clone(), vector.size / one.size)
            }
            other => (other.clone(), 1),
        };
        // A `CHARACTER(LEN=n)` field is n characters, as MPI counts them.
        let (scalar, count) = match character_unit(&scalar) {
            Some((one, Some(len))) => {
                let len = character_length(cx, len)?;
                (one, count.checked_mul(len)?)
            }
            _ => (scalar, count),
        };
        let at = base.checked_add(offset)?;
        let size = layout(cx, &scalar)?.size;
        if aggregate(program, &scalar).is_some() {
            for i in 0..count {
                if out.len() > MAX_MEMBERS {
                    return None;
                }
                let label = if count > 1 {
                    format!("{name}[{i}].")
                } else {
                    format!("{name}.")
                };
                let element_at = element_offset(at, i, size)?;
                flatten(cx, &scalar, &label, element_at, depth + 1, out)?;
            }
        } else {
            out.push(Member {
                name,
                offset: at,
                size,
                count,
                ty: scalar,
            });
        }
        if out.len() > MAX_MEMBERS {
            return None;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ExprKind, Field};
    use crate::layout::CType;
    use crate::source::Span;

    /// Constants by name, as a state of the evaluator would give them.
    struct Constants<'p> {
        program: &'p Program,
        values: &'p [(&'p str, i128)],
    }

    impl<'p> TypeContext<'p> for Constants<'p> {
        fn program(&self) -> &'p Program {
            self.program
        }
        fn target(&self) -> Target {
            Target::I686LinuxGnu
        }
        fn constant(&mut self, e: &Expr) -> Option<i128> {
            match &e.kind {
                ExprKind::Int(v) => Some(*v),
                ExprKind::Name(n) => self.values.iter().find(|(m, _)| m == n).map(|(_, v)| *v),
                ExprKind::Binary(op, a, b) => op.apply(self.constant(a)?, self.constant(b)?),
                _ => None,
            }
        }
    }

    fn field(name: &str, ty: Ty) -> Field {
        Field {
            name: name.to_owned(),
            ty,
            bit_width: None,
            align: None,
        }
    }

    /// `struct cell { char tag; double v[N]; }`
    fn program() -> Program {
        let n = Expr::new(ExprKind::Name("N".to_owned()), Span::new(0, 0));
        let dims = vec![ArrayDim {
            lower: Expr::int(0, Span::new(0, 0)),
            upper: Some(Expr::new(
                ExprKind::Binary(
                    crate::ir::BinOp::Sub,
                    Box::new(n),
                    Box::new(Expr::int(1, Span::new(0, 0))),
                ),
                Span::new(0, 0),
            )),
        }];
        Program {
            aggregates: vec![Aggregate {
                name: "struct cell".to_owned(),
                anonymous: false,
                name_span: Span::new(0, 0),
                kind: AggregateKind::Struct,
                fields: vec![
                    field("tag", Ty::C(CType::Char)),
                    field("v", Ty::Array(Box::new(Ty::C(CType::Double)), dims)),
                ],
                pack: None,
                align: None,
                span: Span::new(0, 0),
            }],
            ..Program::default()
        }
    }

    #[test]
    fn array_bounds_come_from_the_context_and_unknown_ones_stay_unknown() {
        let program = program();
        let cell = Ty::Named("struct cell".to_owned());
        let mut known = Constants {
            program: &program,
            values: &[("N", 3)],
        };
        // i686: double is aligned to 4 inside structs.
        assert_eq!(
            layout(&mut known, &cell),
            Some(Layout { size: 28, align: 4 })
        );
        let flat = members(&mut known, &cell).expect("members");
        assert_eq!(
            flat.iter()
                .map(|m| (m.name.as_str(), m.offset, m.count))
                .collect::<Vec<_>>(),
            [("tag", 0, 1), ("v", 4, 3)]
        );
        let mut unknown = Constants {
            program: &program,
            values: &[],
        };
        assert_eq!(layout(&mut unknown, &cell), None);
        assert!(members(&mut unknown, &cell).is_none());
    }

    fn character(len: Option<Expr>) -> Ty {
        Ty::Fortran {
            ty: FortranType::Character,
            kind: None,
            len: len.map(Box::new),
        }
    }

    /// `type rec; sequence; integer :: id; character(len=8) :: tag(2); character :: c; end type`
    #[test]
    fn character_fields_are_counted_in_characters() {
        let span = Span::new(0, 0);
        let program = Program {
            aggregates: vec![Aggregate {
                name: "rec".to_owned(),
                anonymous: false,
                name_span: span,
                kind: AggregateKind::FortranSequence,
                fields: vec![
                    field(
                        "id",
                        Ty::Fortran {
                            ty: FortranType::Integer,
                            kind: None,
                            len: None,
                        },
                    ),
                    field(
                        "tag",
                        Ty::Array(
                            Box::new(character(Some(Expr::int(8, span)))),
                            vec![ArrayDim {
                                lower: Expr::int(1, span),
                                upper: Some(Expr::int(2, span)),
                            }],
                        ),
                    ),
                    field("c", character(None)),
                ],
                pack: None,
                align: None,
                span,
            }],
            ..Program::default()
        };
        let mut cx = Constants {
            program: &program,
            values: &[],
        };
        let rec = Ty::Named("rec".to_owned());
        assert_eq!(layout(&mut cx, &rec), Some(Layout { size: 24, align: 4 }));
        let flat = members(&mut cx, &rec).expect("members");
        assert_eq!(
            flat.iter()
                .map(|m| (m.name.as_str(), m.offset, m.size, m.count))
                .collect::<Vec<_>>(),
            [("id", 0, 4, 1), ("tag", 4, 1, 16), ("c", 20, 1, 1)]
        );
        // A negative length is zero; a length that is not a constant has no layout.
        let negative = character(Some(Expr::int(-3, span)));
        assert_eq!(
            layout(&mut cx, &negative),
            Some(Layout { size: 0, align: 1 })
        );
        let unknown = character(Some(Expr::unknown(span)));
        assert_eq!(layout(&mut cx, &unknown), None);
        assert!(matches!(
            character_unit(&unknown),
            Some((Ty::Fortran { len: None, .. }, Some(_)))
        ));
        assert!(character_unit(&Ty::C(CType::Char)).is_none());
    }

    #[test]
    fn offsets_past_i128_have_no_layout() {
        let program = program();
        let mut huge = Constants {
            program: &program,
            values: &[("N", i128::MAX / 4)],
        };
        assert_eq!(
            layout(&mut huge, &Ty::Named("struct cell".to_owned())),
            None
        );
    }
}
