//! Sizes, alignments and field offsets of the program's types on the target: C scalars and
//! aggregates (with `#pragma pack`, `_Alignas`, anonymous members), Fortran intrinsic kinds and
//! `SEQUENCE`/`BIND(C)` derived types. Bit-fields and other derived types are unknown.

use super::value::{Path, PathElem, State};
use super::{Element, Evaluator, Member};
use crate::ir::{Aggregate, AggregateKind, ArrayDim, Ty};
use crate::layout::{CType, FortranType};

/// `offset` moved on by `index` elements of `element`.
fn element_offset(offset: i128, index: i128, element: Layout) -> Option<i128> {
    offset.checked_add(index.checked_mul(element.size)?)
}

/// Name, byte offset and type of each field of an aggregate.
type FieldOffsets = Vec<(String, i128, Ty)>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub size: i128,
    pub align: i128,
}

/// Deepest nesting of types followed (a typedef cycle or absurd nesting stops here).
const MAX_TYPE_DEPTH: usize = 64;

fn round_up(v: i128, align: i128) -> Option<i128> {
    if align <= 1 {
        Some(v)
    } else {
        v.checked_add(align - 1)?
            .checked_div(align)?
            .checked_mul(align)
    }
}

/// Number of elements between two bounds (none when `upper < lower`).
pub(crate) fn dimension_extent(lower: i128, upper: i128) -> Option<i128> {
    Some(upper.checked_sub(lower)?.checked_add(1)?.max(0))
}

impl<'p> Evaluator<'p> {
    /// Follows typedefs to the type they name.
    pub(crate) fn resolve<'a>(&'a self, ty: &'a Ty) -> &'a Ty {
        let mut ty = ty;
        for _ in 0..MAX_TYPE_DEPTH {
            match ty {
                Ty::Named(name) => {
                    match self.program.typedefs.iter().rev().find(|(n, _)| n == name) {
                        Some((_, t)) => ty = t,
                        None => return ty,
                    }
                }
                _ => return ty,
            }
        }
        ty
    }

    pub(crate) fn aggregate(&self, ty: &Ty) -> Option<&'p Aggregate> {
        match self.resolve(ty) {
            Ty::Named(name) => self
                .program
                .aggregates
                .iter()
                .rev()
                .find(|a| &a.name == name),
            _ => None,
        }
    }

    /// The Fortran kind a kind expression names (`None` is the default kind).
    pub(crate) fn fortran_kind(
        &mut self,
        state: &mut State,
        ty: FortranType,
        kind: Option<&crate::ir::Expr>,
    ) -> Option<u32> {
        match kind {
            None => Some(self.engine.target.fortran_default_kind(ty)),
            Some(e) => self
                .eval_const(state, e)
                .and_then(|k| u32::try_from(k).ok()),
        }
    }

    pub(crate) fn layout(&mut self, state: &mut State, ty: &Ty) -> Option<Layout> {
        self.layout_at(state, ty, 0)
    }

    fn layout_at(&mut self, state: &mut State, ty: &Ty, depth: usize) -> Option<Layout> {
        if depth > MAX_TYPE_DEPTH {
            return None;
        }
        let target = self.engine.target;
        let sa = |s: crate::layout::SizeAlign| Layout {
            size: i128::from(s.size),
            align: i128::from(s.align),
        };
        match self.resolve(ty).clone() {
            Ty::C(c) => target.c_opt(c).map(sa),
            Ty::Fortran { ty, kind, len } => {
                let kind = self.fortran_kind(state, ty, kind.as_deref())?;
                let one = target.fortran(ty, kind).map(sa)?;
                match (ty, len) {
                    (FortranType::Character, Some(len)) => {
                        let n = self.eval_const(state, &len)?;
                        Some(Layout {
                            size: one.size.checked_mul(n)?,
                            align: one.align,
                        })
                    }
                    _ => Some(one),
                }
            }
            Ty::Pointer(_) => target.c_opt(CType::Pointer).map(sa),
            Ty::Array(elem, dims) => {
                let elem = self.layout_at(state, &elem, depth + 1)?;
                let count = self.element_count(state, &dims)?;
                Some(Layout {
                    size: elem.size.checked_mul(count)?,
                    align: elem.align,
                })
            }
            Ty::Named(_) => {
                let agg = self.aggregate(ty)?;
                self.aggregate_layout(state, agg, depth).map(|(l, _)| l)
            }
            Ty::MpiDatatype | Ty::MpiOpaque(_) | Ty::Void | Ty::Unknown => None,
        }
    }

    /// Number of elements of an array with these dimensions.
    pub(crate) fn element_count(&mut self, state: &mut State, dims: &[ArrayDim]) -> Option<i128> {
        let mut count: i128 = 1;
        for (lower, upper) in self.bounds(state, dims)? {
            count = count.checked_mul(dimension_extent(lower, upper)?)?;
        }
        Some(count)
    }

    /// Lower and upper bounds of each dimension.
    pub(crate) fn bounds(
        &mut self,
        state: &mut State,
        dims: &[ArrayDim],
    ) -> Option<Vec<(i128, i128)>> {
        dims.iter()
            .map(|d| {
                let lower = self.eval_const(state, &d.lower)?;
                let upper = self.eval_const(state, d.upper.as_ref()?)?;
                Some((lower, upper))
            })
            .collect()
    }

    /// Layout of an aggregate and the offset of each named field (anonymous members' fields
    /// included, at their own offsets).
    fn aggregate_layout(
        &mut self,
        state: &mut State,
        agg: &Aggregate,
        depth: usize,
    ) -> Option<(Layout, FieldOffsets)> {
        if agg.kind == AggregateKind::FortranDerived {
            return None;
        }
        let union = agg.kind == AggregateKind::Union;
        let (mut offset, mut size, mut align) = (0i128, 0i128, 1i128);
        let mut fields = Vec::new();
        for field in &agg.fields {
            if field.bit_width.is_some() {
                return None;
            }
            let mut l = self.layout_at(state, &field.ty, depth + 1)?;
            if let Some(pack) = agg.pack {
                l.align = l.align.min(i128::from(pack));
            }
            if let Some(a) = &field.align {
                l.align = l.align.max(self.eval_const(state, a)?);
            }
            let at = if union { 0 } else { round_up(offset, l.align)? };
            if field.name.is_empty() {
                let inner = self.aggregate(&field.ty)?;
                let (_, inner_fields) = self.aggregate_layout(state, inner, depth + 1)?;
                for (name, o, ty) in inner_fields {
                    fields.push((name, o.checked_add(at)?, ty));
                }
            } else {
                fields.push((field.name.clone(), at, field.ty.clone()));
            }
            offset = at.checked_add(l.size)?;
            size = size.max(offset);
            align = align.max(l.align);
        }
        if let Some(a) = &agg.align {
            align = align.max(self.eval_const(state, a)?);
        }
        Some((
            Layout {
                size: round_up(size, align)?,
                align,
            },
            fields,
        ))
    }

    /// Offset and type of a field of an aggregate type.
    pub(crate) fn field(&mut self, state: &mut State, ty: &Ty, name: &str) -> Option<(i128, Ty)> {
        let agg = self.aggregate(ty)?;
        let (_, fields) = self.aggregate_layout(state, agg, 0)?;
        fields
            .into_iter()
            .find(|(n, ..)| n == name)
            .map(|(_, o, t)| (o, t))
    }

    /// The type of a field without needing the layout (for fields of unknown-layout types).
    pub(crate) fn field_type(&self, ty: &Ty, name: &str) -> Option<Ty> {
        let agg = self.aggregate(ty)?;
        for f in &agg.fields {
            if f.name == name {
                return Some(f.ty.clone());
            }
            if f.name.is_empty() {
                if let Some(t) = self.field_type(&f.ty, name) {
                    return Some(t);
                }
            }
        }
        None
    }

    /// Byte offset of a path inside an object of type `ty`, and the type found there.
    pub(crate) fn path_offset(
        &mut self,
        state: &mut State,
        ty: &Ty,
        path: &Path,
    ) -> Option<(i128, Ty)> {
        let mut ty = ty.clone();
        let mut offset = 0i128;
        for elem in path {
            let resolved = self.resolve(&ty).clone();
            match (elem, resolved) {
                (PathElem::Field(name), _) => {
                    let (o, t) = self.field(state, &ty, name)?;
                    offset += o;
                    ty = t;
                }
                (PathElem::Index(i), Ty::Array(inner, dims)) => {
                    let rest = if dims.len() > 1 {
                        Ty::Array(inner, dims[1..].to_vec())
                    } else {
                        *inner
                    };
                    offset = element_offset(offset, *i, self.layout(state, &rest)?)?;
                    ty = rest;
                }
                (PathElem::Element(i), Ty::Array(inner, _)) => {
                    offset = element_offset(offset, *i, self.layout(state, &inner)?)?;
                    ty = *inner;
                }
                (PathElem::Index(i) | PathElem::Element(i), Ty::Pointer(inner)) => {
                    offset = element_offset(offset, *i, self.layout(state, &inner)?)?;
                    ty = *inner;
                }
                _ => return None,
            }
        }
        Some((offset, ty))
    }

    /// The type at a path inside an object of type `ty`, without layout.
    pub(crate) fn path_type(&self, ty: &Ty, path: &Path) -> Option<Ty> {
        let mut ty = ty.clone();
        for elem in path {
            ty = match (elem, self.resolve(&ty).clone()) {
                (PathElem::Field(name), _) => self.field_type(&ty, name)?,
                (PathElem::Index(_), Ty::Array(inner, dims)) if dims.len() > 1 => {
                    Ty::Array(inner, dims[1..].to_vec())
                }
                (
                    PathElem::Index(_) | PathElem::Element(_),
                    Ty::Array(inner, _) | Ty::Pointer(inner),
                ) => *inner,
                _ => return None,
            };
        }
        Some(ty)
    }
}

/// Members flattened per element type at most (an element with more is not described).
const MAX_MEMBERS: usize = 4096;

impl<'p> Evaluator<'p> {
    /// What one element of a buffer of type `ty` is: a pointer's target, an array's innermost
    /// element, or the type itself; with its scalar members when it is an aggregate.
    pub(crate) fn element_info(&mut self, state: &mut State, ty: &Ty) -> Option<Element> {
        let mut ty = match self.resolve(ty) {
            Ty::Pointer(inner) => (**inner).clone(),
            _ => ty.clone(),
        };
        while let Ty::Array(inner, _) = self.resolve(&ty) {
            ty = (**inner).clone();
        }
        let layout = self.layout(state, &ty);
        let mut members = Vec::new();
        let complete = self.aggregate(&ty).is_none()
            || self.flatten(state, &ty, "", 0, 0, &mut members).is_some();
        Some(Element {
            resolved: self.resolve(&ty).clone(),
            ty,
            size: layout.map(|l| l.size),
            align: layout.map(|l| l.align),
            members: complete.then_some(members),
        })
    }

    /// Appends the scalar members of aggregate `ty` placed at `base`, in declaration order.
    fn flatten(
        &mut self,
        state: &mut State,
        ty: &Ty,
        prefix: &str,
        base: i128,
        depth: usize,
        out: &mut Vec<Member>,
    ) -> Option<()> {
        if depth > MAX_TYPE_DEPTH {
            return None;
        }
        let agg = self.aggregate(ty)?;
        let (_, fields) = self.aggregate_layout(state, agg, 0)?;
        for (name, offset, field_ty) in fields {
            let name = format!("{prefix}{name}");
            let (scalar, count) = match self.resolve(&field_ty).clone() {
                Ty::Array(inner, dims) => (
                    self.resolve(&inner).clone(),
                    self.element_count(state, &dims)?,
                ),
                other => (other, 1),
            };
            let at = base.checked_add(offset)?;
            if self.aggregate(&scalar).is_some() {
                let size = self.layout(state, &scalar)?.size;
                for i in 0..count {
                    if out.len() > MAX_MEMBERS {
                        return None;
                    }
                    let label = if count > 1 {
                        format!("{name}[{i}].")
                    } else {
                        format!("{name}.")
                    };
                    let element_at = element_offset(at, i, Layout { size, align: 1 })?;
                    self.flatten(state, &scalar, &label, element_at, depth + 1, out)?;
                }
            } else {
                let size = self.layout(state, &scalar)?.size;
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
}
