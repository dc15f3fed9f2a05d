//! C pointer arithmetic and pointer conversions on references ([`Value::Ref`]).
//!
//! A reference is a place, and what it points at is the place's type, except that a reference
//! to an array also stands for a pointer to the array's first element (an array name, a row
//! `a[2]` of a table). The pointer's type, where the code says it, tells the two apart: `p + 1`
//! moves by `sizeof *p`, one element of the array for `int *p = a[2]`, one row for `&a[2] + 1`.
//! A pointer whose target fits neither the place nor an element of it (`(short *)` over a
//! `double`) is unknown: the place model has no byte positions inside an element. A `malloc`ed
//! block becomes an array of what the first pointer to its start that meets it points at;
//! until then, or when paths that typed it differently meet, it keeps the steps of the pointers
//! that index it.

use super::expr::shift;
use std::rc::Rc;

use super::value::{HeapElement, ObjectKind, PathElem, Place, State, Value};
use super::Evaluator;
use crate::ir::{BinOp, Expr, ExprKind, Ty};

impl Evaluator<'_> {
    /// `pointer + delta`, where the pointer expression evaluated to a reference to `place`.
    pub(crate) fn pointer_sum(
        &mut self,
        state: &mut State,
        pointer: &Expr,
        place: Place,
        delta: i128,
    ) -> Value {
        let target = self.pointer_target(state, pointer);
        if let Some(target) = &target {
            self.type_heap_block(state, &place, target);
        }
        let Some(at) = self.place_type(state, &place) else {
            return shift(place, delta).map_or(Value::Unknown, Value::Ref);
        };
        let at = self.resolve(&at).clone();
        let element = decayed(&at);
        let stepped = match (target, element) {
            (None, None) => shift(place, delta),
            // `a[2] + 1` or `&a[2] + 1`: the code does not say which.
            (None, Some(_)) => (delta == 0).then_some(place),
            (Some(target), Some(element)) if self.fits(state, &target, &element) => {
                let mut place = place;
                place.path.push(PathElem::Index(delta));
                Some(place)
            }
            (Some(target), _) if self.fits(state, &target, &at) => shift(place, delta),
            (Some(_), _) => None,
        };
        stepped.map_or(Value::Unknown, Value::Ref)
    }

    /// A reference to `place` converted to a pointer to `target`: the same place, the first
    /// element of the array there (`(int *)table`), or unknown when neither has that type's size.
    pub(crate) fn convert_reference(
        &mut self,
        state: &mut State,
        place: Place,
        target: &Ty,
    ) -> Value {
        let target = self.resolve(target).clone();
        if matches!(target, Ty::Void | Ty::Unknown | Ty::Named(_)) {
            return Value::Ref(place);
        }
        self.type_heap_block(state, &place, &target);
        let mut place = place;
        // Each step goes one array dimension down: no deeper than the type is written.
        loop {
            let Some(at) = self.place_type(state, &place) else {
                return Value::Ref(place);
            };
            let at = self.resolve(&at).clone();
            if self.fits(state, &target, &at) {
                return Value::Ref(place);
            }
            match decayed(&at) {
                Some(element) if self.fits(state, &target, &element) => return Value::Ref(place),
                Some(_) => place.path.push(PathElem::Index(0)),
                None => return Value::Unknown,
            }
        }
    }

    /// A `malloc`ed block that a pointer to its start first meets as a pointer to `target`
    /// becomes an array of `target`.
    fn type_heap_block(&mut self, state: &mut State, place: &Place, target: &Ty) {
        let untyped = state.objects.get(place.object).is_some_and(|o| {
            matches!(
                o.kind,
                ObjectKind::Heap {
                    element: HeapElement::Untyped,
                    ..
                }
            )
        });
        if !untyped || !place.path.is_empty() {
            return;
        }
        let target = self.resolve(target).clone();
        if matches!(target, Ty::Void | Ty::Unknown) {
            return;
        }
        let Some(size) = self.layout(state, &target).map(|l| l.size) else {
            return;
        };
        if let Some(object) = state.objects.get_mut(place.object) {
            if let ObjectKind::Heap { element, .. } = &mut Rc::make_mut(object).kind {
                *element = HeapElement::Of(target, size);
            }
        }
    }

    /// What a pointer expression points at, where its type is written: a cast, an address, a
    /// pointer variable or member, an array (its element), a sum with one of these.
    fn pointer_target(&mut self, state: &mut State, e: &Expr) -> Option<Ty> {
        match &e.kind {
            ExprKind::Cast(ty, _) => match self.resolve(ty) {
                Ty::Pointer(target) => Some((**target).clone()),
                _ => None,
            },
            ExprKind::AddrOf(inner) => self.static_type(state, inner),
            ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => self
                .pointer_target(state, a)
                .or_else(|| self.pointer_target(state, b)),
            ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Member { .. } => {
                let ty = self.static_type(state, e)?;
                match self.resolve(&ty).clone() {
                    Ty::Pointer(target) => Some(*target),
                    array @ Ty::Array(..) => decayed(&array),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether a pointer to `target` steps like one to `at`: the same type, or the same size.
    fn fits(&mut self, state: &mut State, target: &Ty, at: &Ty) -> bool {
        let same = match (self.resolve(target), self.resolve(at)) {
            (Ty::C(a), Ty::C(b)) => a == b,
            (Ty::Named(a), Ty::Named(b)) => a == b,
            (Ty::Pointer(_), Ty::Pointer(_)) | (Ty::MpiDatatype, Ty::MpiDatatype) => true,
            _ => false,
        };
        if same {
            return true;
        }
        let size = |ev: &mut Self, state: &mut State, ty: &Ty| ev.layout(state, ty).map(|l| l.size);
        match (size(self, state, target), size(self, state, at)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }
}

/// The element type an array decays to a pointer to (`None` for a type that is no array).
fn decayed(ty: &Ty) -> Option<Ty> {
    match ty {
        Ty::Array(inner, dims) if dims.len() > 1 => {
            Some(Ty::Array(inner.clone(), dims[1..].to_vec()))
        }
        Ty::Array(inner, _) => Some((**inner).clone()),
        _ => None,
    }
}
