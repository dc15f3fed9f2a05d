//! The arguments of an MPI call, evaluated by their role in the catalog: values, arrays of the
//! call's count, buffers, locations whose address is taken, and places the call writes.

use std::sync::Arc;

use crate::catalog::Role;
use crate::eval::expr::denotes_a_place;
use crate::eval::value::{ObjectKind, PathElem, Place, State, Value};
use crate::eval::{ArgumentValue, Buffer, Evaluator};
use crate::ir::{spans, Expr, ExprKind, Ty};
use crate::layout::CType;
use Role::*;

impl Evaluator<'_> {
    /// One argument: its recorded value, and the raw value the effect works with.
    pub(super) fn argument(
        &mut self,
        state: &mut State,
        role: Role,
        arg: &Expr,
        array_len: Option<i128>,
    ) -> (ArgumentValue, RawArg) {
        match role {
            Int | Aint | Count | Order => {
                // C converts a floating argument to the parameter's integer type (`_c` counts
                // are MPI_Count; the roles do not tell them apart, so counts take the wider type).
                let v = match self.eval(state, arg) {
                    v @ Value::Float(_) => {
                        let parameter = Ty::C(match role {
                            Aint => CType::MpiAint,
                            Count => CType::MpiCount,
                            _ => CType::Int,
                        });
                        self.convert(state, &parameter, v)
                    }
                    v => v,
                };
                let recorded = match &v {
                    Value::Int(i) => ArgumentValue::Int(*i),
                    Value::Named(n) => ArgumentValue::Named(n),
                    _ => ArgumentValue::Unknown,
                };
                (recorded, RawArg::Value(v))
            }
            IntArray | AintArray | DatatypeArray | DistribArray => {
                // Fortran passes an element (`blocklens(2)`) by reference: the array from there.
                let start = self.location(state, arg);
                let values = array_len.and_then(|n| self.read_array(state, &start, n));
                let capacity = self.array_capacity(state, &start);
                let unwritten = values
                    .as_deref()
                    .and_then(|v| self.unwritten(state, &start, v));
                (
                    ArgumentValue::Array {
                        capacity,
                        unwritten,
                    },
                    values.map_or(RawArg::None, RawArg::Array),
                )
            }
            TypeIn | MessageType | CommitType | FreeType => {
                let v = if matches!(role, CommitType | FreeType) {
                    self.handle_by_reference(state, arg)
                } else {
                    self.eval(state, arg)
                };
                let recorded = match &v {
                    Value::Handle(h) => {
                        let s = self.handle_state(state, *h);
                        ArgumentValue::Datatype {
                            handle: *h,
                            committed: s.committed,
                            freed: s.freed,
                        }
                    }
                    Value::Named(n) => ArgumentValue::Named(n),
                    v if matches!(role, TypeIn | MessageType)
                        && self.holds_no_datatype(state, arg, v) =>
                    {
                        ArgumentValue::NotADatatype
                    }
                    _ => ArgumentValue::Unknown,
                };
                (recorded, RawArg::Value(v))
            }
            Buf | Location => {
                let v = self.location(state, arg);
                (self.buffer(state, arg, &v), RawArg::Value(v))
            }
            NewType | OutInt | OutAint => match self.out_place(state, arg) {
                Some(place) => (ArgumentValue::Unknown, RawArg::Out(place)),
                None if self.is_null_pointer(state, arg) => (ArgumentValue::Int(0), RawArg::Null),
                None => (ArgumentValue::Unknown, RawArg::None),
            },
            Other => {
                // Evaluated for their effects (a nested call), not recorded.
                if matches!(arg.kind, ExprKind::Call { .. }) {
                    self.eval(state, arg);
                }
                (ArgumentValue::Unknown, RawArg::None)
            }
        }
    }

    /// How many elements of a one-dimensional array there are from `start` to its end (a row of
    /// a C table counts as its own array, a lone variable passed by address as one element).
    pub(super) fn array_capacity(&mut self, state: &mut State, start: &Value) -> Option<i128> {
        let Value::Ref(place) = start else {
            return None;
        };
        let mut place = self.resolve_alias(state, place.clone());
        let ty = self.place_type(state, &place)?;
        let first = match (self.resolve(&ty), place.path.last()) {
            (Ty::Array(..), _) => 0,
            (_, Some(PathElem::Index(i))) => {
                let i = *i;
                place.path.pop();
                i
            }
            // A variable of unknown type (declared in an include that was not read) may be an
            // array.
            (Ty::Pointer(_) | Ty::Unknown, None) => return None,
            (_, None) => return Some(1),
            _ => return None,
        };
        let ty = self.place_type(state, &place)?;
        match self.resolve(&ty).clone() {
            Ty::Array(_, dims) if dims.len() == 1 => {
                Some(self.element_count(state, &dims)? - first)
            }
            _ => None,
        }
    }

    /// The handle a commit or free works on: `&t` or a pointer to it in C, `t` in Fortran.
    pub(super) fn handle_by_reference(&mut self, state: &mut State, arg: &Expr) -> Value {
        if let ExprKind::AddrOf(inner) = &arg.kind {
            return self.eval(state, inner);
        }
        match self.eval(state, arg) {
            Value::Ref(place) => self.read_place(state, &place),
            v => v,
        }
    }

    /// Where a by-reference argument lives: a pointer value in C, the variable itself in
    /// Fortran.
    pub(super) fn location(&mut self, state: &mut State, arg: &Expr) -> Value {
        if matches!(arg.kind, ExprKind::Substring { .. }) {
            return self.substring_address(state, arg);
        }
        let (value, place) = self.value_and_place(state, arg);
        match value {
            v @ (Value::Ref(_) | Value::Addr { .. } | Value::Named("MPI_IN_PLACE")) => v,
            // A C pointer whose target is unknown is not itself the location.
            _ => match place.or_else(|| self.place(state, arg)) {
                Some(p) if !matches!(self.place_type(state, &p), Some(Ty::Pointer(_))) => {
                    Value::Ref(p)
                }
                _ => Value::Unknown,
            },
        }
    }

    /// The place an output argument writes to: `&x`, a pointer, or an array (its first
    /// element) in C; `x` in Fortran.
    pub(super) fn out_place(&mut self, state: &mut State, arg: &Expr) -> Option<Place> {
        if let ExprKind::AddrOf(inner) = &arg.kind {
            return self.place(state, inner);
        }
        let Some(mut place) = self.place(state, arg) else {
            if denotes_a_place(arg) {
                return None;
            }
            // Pointer arithmetic: `disp + 1`.
            return match self.eval(state, arg) {
                Value::Ref(place) => Some(place),
                _ => None,
            };
        };
        match self.place_type(state, &place) {
            Some(crate::ir::Ty::Pointer(_)) => match self.read_place(state, &place) {
                Value::Ref(target) => Some(target),
                _ => None,
            },
            Some(crate::ir::Ty::Array(_, dims)) => {
                place.path.push(if dims.len() > 1 {
                    PathElem::Element(0)
                } else {
                    PathElem::Index(0)
                });
                Some(place)
            }
            _ => Some(place),
        }
    }

    pub(super) fn buffer(&mut self, state: &mut State, arg: &Expr, v: &Value) -> ArgumentValue {
        let (object, offset) = match v {
            Value::Ref(place) => {
                let place = self.resolve_alias(state, place.clone());
                let offset = match self.address_of(state, &place) {
                    Value::Addr { offset, .. } => Some(offset),
                    _ => None,
                };
                (place.object, offset)
            }
            Value::Addr { object, offset } => (*object, Some(*offset)),
            Value::Named(n) => return ArgumentValue::Named(n),
            _ => return self.unknown_target(state, arg),
        };
        let Some(o) = state.objects.get(object).cloned() else {
            return ArgumentValue::Unknown;
        };
        let (declared, object_bytes) = match (&o.kind, o.ty()) {
            (ObjectKind::Variable(_), Some(ty)) => {
                let bytes = self.layout(state, &ty).map(|l| l.size);
                (Some(Arc::new(spans::without_positions(ty))), bytes)
            }
            (ObjectKind::Heap { bytes, .. }, _) => (None, *bytes),
            _ => (None, None),
        };
        let element = self
            .static_type(state, arg)
            .filter(|ty| !self.is_raw_memory(ty))
            .and_then(|ty| self.element_info(state, &ty))
            .map(|element| Arc::new(element.without_positions()));
        ArgumentValue::Buffer(Arc::new(Buffer {
            object: o.name.clone(),
            declared,
            offset,
            object_bytes,
            element,
        }))
    }

    /// A buffer pointer whose target is unknown (a parameter of a function nobody in the file
    /// calls): its type still says what one element is, which the element rules need; where it
    /// points and how far the memory goes stay unknown.
    pub(super) fn unknown_target(&mut self, state: &mut State, arg: &Expr) -> ArgumentValue {
        let Some(ty) = self.static_type(state, arg) else {
            return ArgumentValue::Unknown;
        };
        if self.is_raw_memory(&ty) {
            return ArgumentValue::Unknown;
        }
        let element = self.element_info(state, &ty);
        match (element, arg.root_name()) {
            (Some(element), Some(name)) => ArgumentValue::Buffer(Arc::new(Buffer {
                object: name.to_owned(),
                declared: None,
                offset: None,
                object_bytes: None,
                element: Some(Arc::new(element.without_positions())),
            })),
            _ => ArgumentValue::Unknown,
        }
    }

    /// A C variable (element, member) that cannot hold a datatype handle and is not shown to
    /// hold one: a pointer (`void *`, `MPI_Datatype *`), a floating value, or an integer whose
    /// value is a number (MPICH's handles are `int`s, but then the value is a handle).
    fn holds_no_datatype(&mut self, state: &mut State, arg: &Expr, v: &Value) -> bool {
        if !matches!(
            arg.kind,
            ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Member { .. }
        ) {
            return false;
        }
        let Some(ty) = self.static_type(state, arg) else {
            return false;
        };
        match self.resolve(&ty) {
            Ty::Pointer(_) | Ty::C(CType::Pointer) => true,
            Ty::C(c) if c.is_floating() => true,
            Ty::C(_) => matches!(v, Value::Int(_)),
            _ => false,
        }
    }

    /// A null pointer where a call writes its result: `NULL`, `0`, `(T *) 0`, or a pointer
    /// variable holding one.
    fn is_null_pointer(&mut self, state: &mut State, arg: &Expr) -> bool {
        match &arg.kind {
            ExprKind::Int(0) => true,
            ExprKind::Cast(_, inner) => self.is_null_pointer(state, inner),
            // <stddef.h>'s null pointer constant, unless a variable is so named (a `#define`
            // of it in the file was expanded already).
            ExprKind::Name(n) if n == "NULL" && state.lookup(n).is_none() => true,
            ExprKind::Name(_) => self.eval(state, arg) == Value::Int(0),
            _ => false,
        }
    }

    /// A pointer to a declared element type (not `void *`, the type of `MPI_IN_PLACE`), or an
    /// array.
    pub(super) fn points_to_data(&self, ty: &Ty) -> bool {
        match self.resolve(ty) {
            Ty::Pointer(pointee) => !matches!(self.resolve(pointee), Ty::Void | Ty::Unknown),
            Ty::Array(..) => true,
            _ => false,
        }
    }

    /// `char *` (signed or unsigned) and `char` arrays are the C idiom for raw memory of any
    /// type: their type says nothing about what the memory holds; the datatype does.
    fn is_raw_memory(&self, ty: &Ty) -> bool {
        matches!(self.resolve(ty), Ty::Pointer(element) | Ty::Array(element, _) if matches!(
            self.resolve(element),
            Ty::C(CType::Char | CType::UnsignedChar | CType::SignedChar)
        ))
    }
}

/// An argument as the effect of a call sees it.
pub(crate) enum RawArg {
    Value(Value),
    Array(Vec<Value>),
    Out(Place),
    /// A null pointer where the call writes.
    Null,
    None,
}

impl RawArg {
    pub(super) fn value(&self) -> Option<&Value> {
        match self {
            RawArg::Value(v) => Some(v),
            _ => None,
        }
    }

    pub(super) fn array(&self) -> Option<&[Value]> {
        match self {
            RawArg::Array(v) => Some(v),
            _ => None,
        }
    }

    pub(super) fn out(&self) -> Option<&Place> {
        match self {
            RawArg::Out(p) => Some(p),
            _ => None,
        }
    }
}
