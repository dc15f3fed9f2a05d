//! The evaluator's view of the program's types: the layouts of `layout::aggregate`, with array
//! bounds, alignments and kinds evaluated in the current state, and the offsets of places.

use super::value::{ObjectKind, Path, PathElem, State};
use super::{Element, Evaluator};
use crate::ir::{Aggregate, ArrayDim, Expr, ExprKind, Program, Ty};
use crate::layout::aggregate::{self, element_offset, Layout, TypeContext};
use crate::layout::{FortranType, Target};

/// Layout constants evaluated one inside another at most: each level may lay out a type whose
/// size needs the next, so this bounds that recursion (and the stack it uses).
const MAX_LAYOUT_CONSTANTS: usize = 16;

/// The types of the program, with constants evaluated in one state.
pub(crate) struct StateTypes<'e, 'p> {
    ev: &'e mut Evaluator<'p>,
    state: &'e mut State,
}

impl<'p> TypeContext<'p> for StateTypes<'_, 'p> {
    fn program(&self) -> &'p Program {
        self.ev.program
    }

    fn target(&self) -> Target {
        self.ev.engine.target
    }

    fn constant(&mut self, e: &Expr) -> Option<i128> {
        if self.ev.layout_constants >= MAX_LAYOUT_CONSTANTS {
            return None;
        }
        self.ev.layout_constants += 1;
        let value = self.ev.eval_const(self.state, e);
        self.ev.layout_constants -= 1;
        value
    }
}

impl<'p> Evaluator<'p> {
    fn types<'e>(&'e mut self, state: &'e mut State) -> StateTypes<'e, 'p> {
        StateTypes { ev: self, state }
    }

    /// The type of a name, element or member from the declarations alone, for `sizeof` where
    /// the value (a pointer, an index) is unknown: `rows[0]` of `double (*rows)[7]`,
    /// `((struct s *)0)->f`.
    pub(crate) fn declared_type(&mut self, state: &mut State, e: &Expr) -> Option<Ty> {
        let pointee = |ev: &Self, ty: Ty| match ev.resolve(&ty).clone() {
            Ty::Pointer(target) => Some(*target),
            _ => None,
        };
        match &e.kind {
            ExprKind::Name(name) => {
                let object = state.objects.get(state.lookup(name)?)?;
                match object.kind {
                    ObjectKind::Variable(_) => object.ty(),
                    _ => None,
                }
            }
            ExprKind::Index { base, indices } => {
                let base = self.static_type(state, base)?;
                match self.resolve(&base).clone() {
                    Ty::Pointer(target) if indices.len() == 1 => Some(*target),
                    Ty::Array(inner, dims) if indices.len() == dims.len() => Some(*inner),
                    Ty::Array(inner, dims) if indices.len() < dims.len() => {
                        Some(Ty::Array(inner, dims[indices.len()..].to_vec()))
                    }
                    _ => None,
                }
            }
            ExprKind::Member { base, field } => {
                let aggregate = match &base.kind {
                    ExprKind::Deref(pointer) => {
                        let pointer = self.static_type(state, pointer)?;
                        pointee(self, pointer)?
                    }
                    _ => self.static_type(state, base)?,
                };
                self.field_type(&aggregate, field)
            }
            _ => None,
        }
    }

    /// Follows typedefs to the type they name.
    pub(crate) fn resolve<'a>(&'a self, ty: &'a Ty) -> &'a Ty {
        aggregate::resolve(self.program, ty)
    }

    pub(crate) fn aggregate(&self, ty: &Ty) -> Option<&'p Aggregate> {
        aggregate::aggregate(self.program, ty)
    }

    /// The type of a field without needing the layout (for fields of unknown-layout types).
    pub(crate) fn field_type(&self, ty: &Ty, name: &str) -> Option<Ty> {
        aggregate::field_type(self.program, ty, name)
    }

    /// The Fortran kind a kind expression names (`None` is the default kind).
    pub(crate) fn fortran_kind(
        &mut self,
        state: &mut State,
        ty: FortranType,
        kind: Option<&Expr>,
    ) -> Option<u32> {
        aggregate::fortran_kind(&mut self.types(state), ty, kind)
    }

    pub(crate) fn layout(&mut self, state: &mut State, ty: &Ty) -> Option<Layout> {
        aggregate::layout(&mut self.types(state), ty)
    }

    /// What `_Alignof(ty)` evaluates to.
    pub(crate) fn alignof(&mut self, state: &mut State, ty: &Ty) -> Option<i128> {
        aggregate::alignof(&mut self.types(state), ty)
    }

    /// Number of elements of an array with these dimensions.
    pub(crate) fn element_count(&mut self, state: &mut State, dims: &[ArrayDim]) -> Option<i128> {
        aggregate::element_count(&mut self.types(state), dims)
    }

    /// Lower and upper bounds of each dimension.
    pub(crate) fn bounds(
        &mut self,
        state: &mut State,
        dims: &[ArrayDim],
    ) -> Option<Vec<(i128, i128)>> {
        aggregate::bounds(&mut self.types(state), dims)
    }

    /// Offset and type of a field of an aggregate type.
    pub(crate) fn field(&mut self, state: &mut State, ty: &Ty, name: &str) -> Option<(i128, Ty)> {
        aggregate::field(&mut self.types(state), ty, name)
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
                    offset = offset.checked_add(o)?;
                    ty = t;
                }
                (PathElem::Index(i), Ty::Array(inner, dims)) => {
                    let rest = if dims.len() > 1 {
                        Ty::Array(inner, dims[1..].to_vec())
                    } else {
                        *inner
                    };
                    offset = element_offset(offset, *i, self.layout(state, &rest)?.size)?;
                    ty = rest;
                }
                (PathElem::Element(i), Ty::Array(inner, _)) => {
                    offset = element_offset(offset, *i, self.layout(state, &inner)?.size)?;
                    ty = *inner;
                }
                (PathElem::Index(i) | PathElem::Element(i), Ty::Pointer(inner)) => {
                    offset = element_offset(offset, *i, self.layout(state, &inner)?.size)?;
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

    /// What one element of a buffer of type `ty` is: a pointer's target, an array's innermost
    /// element, or the type itself; one character of a Fortran `CHARACTER(LEN=n)` (MPI counts
    /// characters, not strings); with its scalar members when it is an aggregate.
    pub(crate) fn element_info(&mut self, state: &mut State, ty: &Ty) -> Option<Element> {
        let mut ty = match self.resolve(ty) {
            Ty::Pointer(inner) => (**inner).clone(),
            _ => ty.clone(),
        };
        while let Ty::Array(inner, _) = self.resolve(&ty) {
            ty = (**inner).clone();
        }
        if let Some((one, _)) = aggregate::character_unit(self.resolve(&ty)) {
            ty = one;
        }
        let layout = self.layout(state, &ty);
        let members = if self.aggregate(&ty).is_none() {
            Some(Vec::new())
        } else {
            aggregate::members(&mut self.types(state), &ty)
        };
        Some(Element {
            resolved: self.resolve(&ty).clone(),
            ty,
            size: layout.map(|l| l.size),
            align: layout.map(|l| l.align),
            members,
        })
    }
}
