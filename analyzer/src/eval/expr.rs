//! Expressions: values, places (lvalues) and static types.

use super::value::{ObjectKind, PathElem, Place, State, Value};
use super::Evaluator;
use crate::dtype::{Predefined, DFLT_DARG};
use crate::ir::{BinOp, Designator, Expr, ExprKind, Ty, UnOp};
use crate::layout::aggregate::character_unit;
use crate::layout::CType;

/// Most elements read from or written to an array argument in one go.
pub(crate) const MAX_ARRAY_ELEMENTS: i128 = 1 << 20;

impl<'p> Evaluator<'p> {
    pub(crate) fn eval_const(&mut self, state: &mut State, e: &Expr) -> Option<i128> {
        self.eval(state, e).as_int()
    }

    pub(crate) fn eval(&mut self, state: &mut State, e: &Expr) -> Value {
        match &e.kind {
            ExprKind::Int(v) => Value::Int(*v),
            ExprKind::Float(v) => Value::Float(*v),
            // Strings have no value here, and neither have substrings: a buffer's substring is
            // placed by `substring_address`.
            // `defined` belongs to `#if`, not to code.
            ExprKind::Str(_)
            | ExprKind::Substring { .. }
            | ExprKind::ImpliedDo { .. }
            | ExprKind::Defined(_)
            | ExprKind::Unknown => Value::Unknown,
            // A C compound literal `(int[]){a, b}` or a Fortran array constructor passed as an
            // argument: an unnamed array holding the values.
            ExprKind::ArrayCtor(items) => match self.array_values(state, items) {
                Some(values) => self.temporary_array(state, e.span, values),
                None => Value::Unknown,
            },
            // A contiguous section as an argument: its first element, the rest following it.
            ExprKind::Section { base, subscripts } => self
                .section_start(state, base, subscripts)
                .map_or(Value::Unknown, Value::Ref),
            ExprKind::Name(name) => self.name_value(state, name),
            ExprKind::Unary(op, inner) => {
                let v = self.eval(state, inner);
                match (op, v) {
                    (_, Value::Int(v)) => op.apply(v).map_or(Value::Unknown, Value::Int),
                    (UnOp::Neg, Value::Float(v)) => Value::Float(-v),
                    (UnOp::Plus, v) => v,
                    _ => Value::Unknown,
                }
            }
            ExprKind::Binary(op, a, b) => match self.elemental_array(state, e) {
                Some(array) => array,
                None => self.binary(state, *op, a, b),
            },
            ExprKind::Cond(c, a, b) => match self.eval(state, c) {
                Value::Int(0) => self.eval(state, b),
                Value::Int(_) => self.eval(state, a),
                _ => {
                    let mut other = state.clone();
                    let va = self.eval(state, a);
                    let vb = self.eval(&mut other, b);
                    *state = state.join(&other);
                    va.join(&vb)
                }
            },
            ExprKind::Call {
                callee,
                callee_span,
                args,
            } => self.call(state, callee, *callee_span, args, e.span),
            // An array-typed element or member (a row of a table) decays like an array name.
            ExprKind::Index { .. } | ExprKind::Member { .. } => match self.place(state, e) {
                Some(place) if matches!(self.place_type(state, &place), Some(Ty::Array(..))) => {
                    Value::Ref(place)
                }
                Some(place) => self.read_place(state, &place),
                None => Value::Unknown,
            },
            ExprKind::AddrOf(inner) => match self.place(state, inner) {
                Some(place) => Value::Ref(place),
                None if denotes_a_place(inner) => Value::Unknown,
                None => match self.eval(state, inner) {
                    // `&array` where the array decayed already, `&*p`.
                    v @ Value::Ref(_) => v,
                    _ => Value::Unknown,
                },
            },
            ExprKind::Deref(inner) => match self.eval(state, inner) {
                Value::Ref(place) => self.read_place(state, &place),
                _ => Value::Unknown,
            },
            ExprKind::Cast(ty, inner) => {
                let v = self.eval(state, inner);
                self.cast(state, ty, v)
            }
            ExprKind::SizeofType(ty) => self
                .layout(state, ty)
                .map_or(Value::Unknown, |l| Value::Int(l.size)),
            ExprKind::SizeofExpr(inner) => match self.static_type(state, inner) {
                Some(ty) => self
                    .layout(state, &ty)
                    .map_or(Value::Unknown, |l| Value::Int(l.size)),
                None => Value::Unknown,
            },
            ExprKind::AlignofType(ty) => self.alignof(state, ty).map_or(Value::Unknown, Value::Int),
            ExprKind::Offsetof(ty, designators) => {
                let mut path = Vec::new();
                for d in designators {
                    match d {
                        Designator::Field(f) => path.push(PathElem::Field(f.clone())),
                        Designator::Index(i) => match self.eval_const(state, i) {
                            Some(i) => path.push(PathElem::Index(i)),
                            None => return Value::Unknown,
                        },
                    }
                }
                self.path_offset(state, ty, &path)
                    .map_or(Value::Unknown, |(o, _)| Value::Int(o))
            }
            ExprKind::IncDec {
                target,
                delta,
                post,
            } => {
                let Some(place) = self.place(state, target) else {
                    return Value::Unknown;
                };
                let old = self.read_place(state, &place);
                let new = match &old {
                    Value::Ref(pointed) => self.pointer_sum(state, target, pointed.clone(), *delta),
                    _ => self.add(old.clone(), Value::Int(*delta), 1),
                };
                self.write_place(state, &place, new.clone());
                if *post {
                    old
                } else {
                    new
                }
            }
        }
    }

    /// The value of a name: a variable (arrays decay to a reference to their first element),
    /// a named constant, a predefined MPI datatype or constant. (C code is lowered from its
    /// expansion: no name in it is a macro.)
    fn name_value(&mut self, state: &mut State, name: &str) -> Value {
        if let Some(id) = state.lookup(name) {
            let place = self.resolve_alias(
                state,
                Place {
                    object: id,
                    path: Vec::new(),
                },
            );
            return match self.place_type(state, &place) {
                Some(Ty::Array(..)) => Value::Ref(place),
                _ => self.read_place(state, &place),
            };
        }
        self.intrinsic_constant(name)
            .unwrap_or_else(|| mpi_constant(self, state, name))
    }

    pub(crate) fn resolve_alias(&self, state: &State, place: Place) -> Place {
        let mut place = place;
        for _ in 0..64 {
            match state.objects.get(place.object).map(|o| &o.kind) {
                Some(ObjectKind::Alias(target)) => {
                    let mut path = target.path.clone();
                    path.extend(place.path);
                    place = Place {
                        object: target.object,
                        path,
                    };
                }
                _ => break,
            }
        }
        place
    }

    pub(crate) fn read_place(&mut self, state: &mut State, place: &Place) -> Value {
        let place = self.resolve_alias(state, place.clone());
        state.read(&place)
    }

    pub(crate) fn write_place(&mut self, state: &mut State, place: &Place, value: Value) {
        let place = self.resolve_alias(state, place.clone());
        self.hold(place.object, &value);
        state.write(&place, value);
    }

    /// The place an lvalue expression denotes.
    pub(crate) fn place(&mut self, state: &mut State, e: &Expr) -> Option<Place> {
        match &e.kind {
            ExprKind::Name(name) => {
                let id = state.lookup(name)?;
                Some(self.resolve_alias(
                    state,
                    Place {
                        object: id,
                        path: Vec::new(),
                    },
                ))
            }
            ExprKind::Index { base, indices } => {
                let base_place = match self.eval_base(state, base)? {
                    Value::Ref(p) => p,
                    _ => return None,
                };
                let ty = self
                    .place_type(state, &base_place)
                    .map(|t| self.resolve(&t).clone());
                let index = self.subscript(state, ty.as_ref(), indices)?;
                offset_place(base_place, index, ty.as_ref())
            }
            ExprKind::Member { base, field } => {
                let mut place = match &base.kind {
                    ExprKind::Deref(p) => match self.eval(state, p) {
                        Value::Ref(place) => place,
                        _ => return None,
                    },
                    _ => self.place(state, base)?,
                };
                place.path.push(PathElem::Field(field.clone()));
                Some(place)
            }
            ExprKind::Deref(inner) => match self.eval(state, inner) {
                Value::Ref(place) => Some(place),
                _ => None,
            },
            ExprKind::Cast(_, inner) => self.place(state, inner),
            _ => None,
        }
    }

    /// An argument's value and, for a variable, element, member or dereference, its place,
    /// evaluated once (a cast or other expression: its value only).
    pub(crate) fn value_and_place(
        &mut self,
        state: &mut State,
        e: &Expr,
    ) -> (Value, Option<Place>) {
        let lvalue = matches!(
            e.kind,
            ExprKind::Name(_)
                | ExprKind::Index { .. }
                | ExprKind::Member { .. }
                | ExprKind::Deref(_)
        );
        if !lvalue {
            return (self.eval(state, e), None);
        }
        match self.place(state, e) {
            Some(place) => {
                let value = match self.place_type(state, &place) {
                    Some(Ty::Array(..)) => Value::Ref(place.clone()),
                    _ => self.read_place(state, &place),
                };
                (value, Some(place))
            }
            None if denotes_a_place(e) => (Value::Unknown, None),
            None => (self.eval(state, e), None),
        }
    }

    /// The base of an indexing: an array place (as a reference) or a pointer value.
    fn eval_base(&mut self, state: &mut State, base: &Expr) -> Option<Value> {
        if let Some(place) = self.place(state, base) {
            if matches!(self.place_type(state, &place), Some(Ty::Array(..))) {
                return Some(Value::Ref(place));
            }
            return match self.read_place(state, &place) {
                v @ Value::Ref(_) => Some(v),
                _ => None,
            };
        }
        if denotes_a_place(base) {
            return None;
        }
        match self.eval(state, base) {
            v @ Value::Ref(_) => Some(v),
            _ => None,
        }
    }

    /// The element a subscript list selects, as a path element relative to the array's start.
    fn subscript(
        &mut self,
        state: &mut State,
        ty: Option<&Ty>,
        indices: &[Expr],
    ) -> Option<PathElem> {
        let values: Option<Vec<i128>> = indices.iter().map(|i| self.eval_const(state, i)).collect();
        let values = values?;
        let dims = match ty.map(|t| self.resolve(t).clone()) {
            Some(Ty::Array(_, dims)) => Some(dims),
            _ => None,
        };
        match (values.as_slice(), dims) {
            // A C subscript, or a Fortran one on a one-dimensional array, rebased on its lower bound.
            ([i], Some(dims)) => {
                let lower = self.eval_const(state, &dims.first()?.lower)?;
                Some(if dims.len() == 1 {
                    PathElem::Index(i.checked_sub(lower)?)
                } else {
                    PathElem::Index(*i)
                })
            }
            ([i], None) => Some(PathElem::Index(*i)),
            // A Fortran subscript list: one column-major element index.
            (subs, Some(dims)) if subs.len() == dims.len() => {
                let bounds = self.bounds(state, &dims)?;
                let mut index = 0i128;
                let mut stride = 1i128;
                for (&s, (lower, upper)) in subs.iter().zip(&bounds) {
                    index = index.checked_add(s.checked_sub(*lower)?.checked_mul(stride)?)?;
                    stride = stride.checked_mul(upper.checked_sub(*lower)?.checked_add(1)?)?;
                }
                Some(PathElem::Element(index))
            }
            _ => None,
        }
    }

    /// The declared type at a place, when known.
    pub(crate) fn place_type(&self, state: &State, place: &Place) -> Option<Ty> {
        let ty = state.objects.get(place.object)?.ty()?;
        self.path_type(&ty, &place.path)
    }

    /// The static type of an expression, for `sizeof expr`.
    pub(crate) fn static_type(&mut self, state: &mut State, e: &Expr) -> Option<Ty> {
        match &e.kind {
            ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Member { .. } => {
                let typing = std::mem::replace(&mut self.typing, true);
                let place = self.place(state, e);
                self.typing = typing;
                match place {
                    Some(place) => self.place_type(state, &place),
                    // Where the value is unknown the declarations still say the type
                    // (`sizeof rows[0]`, `sizeof(((struct s *)0)->f)`).
                    None => self.declared_type(state, e),
                }
            }
            // The array of `char` a literal is; only ASCII, whose characters are one byte each.
            ExprKind::Str(s) if s.is_ascii() => {
                let length = i128::try_from(s.len()).ok()?;
                Some(Ty::Array(
                    Box::new(Ty::C(CType::Char)),
                    vec![crate::ir::ArrayDim {
                        lower: Expr::int(0, e.span),
                        upper: Some(Expr::int(length, e.span)),
                    }],
                ))
            }
            ExprKind::Deref(inner) => match self.static_type(state, inner)? {
                Ty::Pointer(t) => Some(*t),
                Ty::Array(t, dims) if dims.len() > 1 => Some(Ty::Array(t, dims[1..].to_vec())),
                Ty::Array(t, _) => Some(*t),
                _ => None,
            },
            ExprKind::AddrOf(inner) => {
                let target = self.static_type(state, inner).unwrap_or(Ty::Void);
                Some(Ty::Pointer(Box::new(target)))
            }
            ExprKind::Cast(ty, _) => Some(ty.clone()),
            // An array of the base's elements, of a length not followed here.
            ExprKind::Section { base, .. } => match self.static_type(state, base)? {
                Ty::Array(element, _) => Some(Ty::Array(
                    element,
                    vec![crate::ir::ArrayDim {
                        lower: Expr::int(1, e.span),
                        upper: None,
                    }],
                )),
                _ => None,
            },
            ExprKind::Substring { base, lower, upper } => {
                let base = self.static_type(state, base)?;
                let (one, len) = character_unit(self.resolve(&base))?;
                let len = len.cloned();
                let span = e.span;
                let length = self
                    .substring_bounds(state, len.as_ref(), lower.as_deref(), upper.as_deref())
                    .map(|(first, last)| Expr::int((last - first + 1).max(0), span));
                let Ty::Fortran { ty, kind, .. } = one else {
                    return None;
                };
                Some(Ty::Fortran {
                    ty,
                    kind,
                    len: Some(Box::new(length.unwrap_or_else(|| Expr::unknown(span)))),
                })
            }
            _ => None,
        }
    }

    /// The first and last character a substring `(lower:upper)` selects, of a string whose
    /// length is `len` (a bound left out is 1, or the length).
    fn substring_bounds(
        &mut self,
        state: &mut State,
        len: Option<&Expr>,
        lower: Option<&Expr>,
        upper: Option<&Expr>,
    ) -> Option<(i128, i128)> {
        let first = match lower {
            Some(e) => self.eval_const(state, e)?,
            None => 1,
        };
        let last = match (upper, len) {
            (Some(e), _) => self.eval_const(state, e)?,
            (None, Some(len)) => self.eval_const(state, len)?.max(0),
            (None, None) => 1,
        };
        Some((first, last))
    }

    /// Where a substring used as a buffer starts: `s(a:b)` is at character `a` of `s`. Unknown
    /// unless it selects at least one character and starts inside the string (a zero-length
    /// substring has no address to speak of; one starting before character 1 is not Fortran).
    pub(crate) fn substring_address(&mut self, state: &mut State, e: &Expr) -> Value {
        let ExprKind::Substring { base, lower, upper } = &e.kind else {
            return Value::Unknown;
        };
        let Some(ty) = self.static_type(state, base) else {
            return Value::Unknown;
        };
        let Some((one, len)) = character_unit(self.resolve(&ty)) else {
            return Value::Unknown;
        };
        let len = len.cloned();
        let unit = self.layout(state, &one).map(|l| l.size);
        let bounds = self.substring_bounds(state, len.as_ref(), lower.as_deref(), upper.as_deref());
        let (Some(unit), Some((first, last))) = (unit, bounds) else {
            return Value::Unknown;
        };
        if first < 1 || first > last {
            return Value::Unknown;
        }
        let Some(place) = self.place(state, base) else {
            return Value::Unknown;
        };
        match self.address_of(state, &place) {
            Value::Addr { object, offset } => (first - 1)
                .checked_mul(unit)
                .and_then(|skip| offset.checked_add(skip))
                .map_or(Value::Unknown, |offset| Value::Addr { object, offset }),
            _ => Value::Unknown,
        }
    }

    fn cast(&mut self, state: &mut State, ty: &Ty, v: Value) -> Value {
        match (self.resolve(ty).clone(), v) {
            // `(char *)&x` and `(MPI_Aint)&x`: a byte address in the object.
            (Ty::Pointer(inner), Value::Ref(place))
                if matches!(
                    self.resolve(&inner),
                    Ty::C(CType::Char | CType::UnsignedChar | CType::SignedChar)
                ) =>
            {
                self.address_of(state, &place)
            }
            (Ty::C(_), Value::Ref(place)) => self.address_of(state, &place),
            // A type not known (`size_t` without its header) converts to who knows what.
            (Ty::Unknown | Ty::Named(_), Value::Int(_) | Value::Float(_)) => Value::Unknown,
            (_, v) => self.convert(state, ty, v),
        }
    }

    /// The byte address of a place, relative to the start of its object.
    pub(crate) fn address_of(&mut self, state: &mut State, place: &Place) -> Value {
        let place = self.resolve_alias(state, place.clone());
        let Some(object) = state.objects.get(place.object) else {
            return Value::Unknown;
        };
        let offset = match (object.ty(), &object.kind) {
            (Some(ty), _) => self.path_offset(state, &ty, &place.path).map(|(o, _)| o),
            (None, ObjectKind::Heap { .. } | ObjectKind::Bottom) if place.path.is_empty() => {
                Some(0)
            }
            _ => None,
        };
        offset.map_or(Value::Unknown, |offset| Value::Addr {
            object: place.object,
            offset,
        })
    }

    fn binary(&mut self, state: &mut State, op: BinOp, a: &Expr, b: &Expr) -> Value {
        // Short-circuit operators evaluate the right side only when it matters.
        if matches!(op, BinOp::And | BinOp::Or) {
            return match (op, self.eval(state, a)) {
                (BinOp::And, Value::Int(0)) => Value::Int(0),
                (BinOp::Or, Value::Int(v)) if v != 0 => Value::Int(1),
                (_, Value::Int(_)) => match self.eval(state, b) {
                    Value::Int(v) => Value::Int(i128::from(v != 0)),
                    _ => Value::Unknown,
                },
                _ => Value::Unknown,
            };
        }
        let va = self.eval(state, a);
        let vb = self.eval(state, b);
        if let Some(v) = super::numeric::floating(op, &va, &vb) {
            return v;
        }
        if let Some(v) = self.null_comparison(state, op, &va, &vb) {
            return v;
        }
        match (op, va, vb) {
            (BinOp::Add, Value::Ref(place), Value::Int(k)) => self.pointer_sum(state, a, place, k),
            (BinOp::Add, Value::Int(k), Value::Ref(place)) => self.pointer_sum(state, b, place, k),
            (BinOp::Sub, Value::Ref(place), Value::Int(k)) => match k.checked_neg() {
                Some(k) => self.pointer_sum(state, a, place, k),
                None => Value::Unknown,
            },
            (BinOp::Add, va, vb) => self.add(va, vb, 1),
            (BinOp::Sub, va, vb) => self.sub(state, va, vb),
            (_, va, vb) => arithmetic(op, va, vb),
        }
    }

    /// `a + sign * b` with pointer and address arithmetic.
    pub(crate) fn add(&mut self, a: Value, b: Value, sign: i128) -> Value {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => y
                .checked_mul(sign)
                .and_then(|y| x.checked_add(y))
                .map_or(Value::Unknown, Value::Int),
            (Value::Addr { object, offset }, Value::Int(y)) => y
                .checked_mul(sign)
                .and_then(|y| offset.checked_add(y))
                .map_or(Value::Unknown, |offset| Value::Addr { object, offset }),
            // `n + &x` is an address, `n - &x` is none.
            (Value::Int(y), Value::Addr { object, offset }) if sign == 1 => offset
                .checked_add(y)
                .map_or(Value::Unknown, |offset| Value::Addr { object, offset }),
            (Value::Ref(place), Value::Int(y)) => y
                .checked_mul(sign)
                .and_then(|delta| shift(place, delta))
                .map_or(Value::Unknown, Value::Ref),
            _ => Value::Unknown,
        }
    }

    pub(crate) fn sub(&mut self, state: &mut State, a: Value, b: Value) -> Value {
        match (a, b) {
            (
                Value::Addr {
                    object: o1,
                    offset: x,
                },
                Value::Addr {
                    object: o2,
                    offset: y,
                },
            ) if o1 == o2 => BinOp::Sub.apply(x, y).map_or(Value::Unknown, Value::Int),
            (Value::Ref(p), Value::Ref(q))
                if p.object == q.object && p.path.len() == q.path.len() =>
            {
                match (p.path.split_last(), q.path.split_last()) {
                    (Some((PathElem::Index(i), pre1)), Some((PathElem::Index(j), pre2)))
                        if pre1 == pre2 =>
                    {
                        BinOp::Sub.apply(*i, *j).map_or(Value::Unknown, Value::Int)
                    }
                    _ => match (self.address_of(state, &p), self.address_of(state, &q)) {
                        (Value::Addr { offset: x, .. }, Value::Addr { offset: y, .. })
                            if x == y =>
                        {
                            Value::Int(0)
                        }
                        _ => Value::Unknown,
                    },
                }
            }
            (a, b) => self.add(a, b, -1),
        }
    }

    /// Reads `count` consecutive elements starting at the place a reference points to.
    pub(crate) fn read_array(
        &mut self,
        state: &mut State,
        start: &Value,
        count: i128,
    ) -> Option<Vec<Value>> {
        if !(0..=MAX_ARRAY_ELEMENTS).contains(&count) {
            return None;
        }
        let Value::Ref(place) = start else {
            return None;
        };
        let place = self.resolve_alias(state, place.clone());
        let ty = self
            .place_type(state, &place)
            .map(|t| self.resolve(&t).clone());
        Some(
            (0..count)
                .map(|k| match element_place(&place, ty.as_ref(), k) {
                    Some(element) => state.read(&element),
                    None => Value::Unknown,
                })
                .collect(),
        )
    }
}

/// An lvalue form (a subscript, member or dereference, maybe cast): when [`Evaluator::place`]
/// finds no place for it, it has no value either. Evaluating it after all would search the same
/// way again, at every level of a nesting such as `a[0][0]...[0]`: twice the work per level.
pub(crate) fn denotes_a_place(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Cast(_, inner) => denotes_a_place(inner),
        ExprKind::Index { .. } | ExprKind::Member { .. } | ExprKind::Deref(_) => true,
        _ => false,
    }
}

/// The place of element `k` of what a reference passed as an array points at (`ty`, resolved,
/// is the type at the reference): an array's own elements (a whole array, a row of a C table,
/// a whole multi-dimensional Fortran array in column-major order), the elements after the one
/// it points at, or a lone variable passed by address, which is an array of one element.
fn element_place(place: &Place, ty: Option<&Ty>, k: i128) -> Option<Place> {
    let mut p = place.clone();
    match (ty, place.path.last()) {
        (Some(Ty::Array(_, dims)), _) if dims.len() > 1 => p.path.push(PathElem::Element(k)),
        (Some(Ty::Array(..)), _) | (None, None) => p.path.push(PathElem::Index(k)),
        (_, Some(PathElem::Index(_) | PathElem::Element(_))) => return shift(p, k),
        _ if k == 0 => {}
        _ => return None,
    }
    Some(p)
}

/// A place `k` elements further.
pub(super) fn shift(place: Place, k: i128) -> Option<Place> {
    let mut place = place;
    match place.path.last_mut() {
        Some(PathElem::Index(i) | PathElem::Element(i)) => *i = i.checked_add(k)?,
        _ => place.path.push(PathElem::Index(k)),
    }
    Some(place)
}

/// The place of an element of an array place.
fn offset_place(base: Place, index: PathElem, base_ty: Option<&Ty>) -> Option<Place> {
    match (index, base.path.last(), base_ty) {
        // Indexing a pointer to an element moves along that element's array (`base_ty`, resolved,
        // is what the pointer points at: an array there is a row to index into instead).
        (PathElem::Index(k), Some(PathElem::Index(_)), ty)
            if !matches!(ty, Some(Ty::Array(..))) =>
        {
            shift(base, k)
        }
        (index, _, _) => {
            let mut p = base;
            p.path.push(index);
            Some(p)
        }
    }
}

fn arithmetic(op: BinOp, a: Value, b: Value) -> Value {
    let (Value::Int(x), Value::Int(y)) = (&a, &b) else {
        return match (op, a, b) {
            (BinOp::Eq, Value::Handle(x), Value::Handle(y)) => Value::Int(i128::from(x == y)),
            (BinOp::Ne, Value::Handle(x), Value::Handle(y)) => Value::Int(i128::from(x != y)),
            (BinOp::Eq, Value::Named(x), Value::Named(y)) => Value::Int(i128::from(x == y)),
            _ => Value::Unknown,
        };
    };
    // `&&` and `||` decide before both sides are evaluated (in `binary`).
    match op {
        BinOp::And | BinOp::Or => Value::Unknown,
        _ => op.apply(*x, *y).map_or(Value::Unknown, Value::Int),
    }
}

/// MPI constants and predefined datatypes by name.
fn mpi_constant(ev: &mut Evaluator, state: &mut State, name: &str) -> Value {
    let upper = name.to_ascii_uppercase();
    if let Some(p) = Predefined::from_name(&upper) {
        return Value::Handle(ev.predefined_handle(p));
    }
    let aint = i128::from(ev.engine.target.c(CType::MpiAint).size);
    match upper.as_str() {
        "MPI_ORDER_C" => Value::Named("MPI_ORDER_C"),
        "MPI_ORDER_FORTRAN" => Value::Named("MPI_ORDER_FORTRAN"),
        "MPI_DISTRIBUTE_BLOCK" => Value::Named("MPI_DISTRIBUTE_BLOCK"),
        "MPI_DISTRIBUTE_CYCLIC" => Value::Named("MPI_DISTRIBUTE_CYCLIC"),
        "MPI_DISTRIBUTE_NONE" => Value::Named("MPI_DISTRIBUTE_NONE"),
        "MPI_DISTRIBUTE_DFLT_DARG" => Value::Int(DFLT_DARG),
        "MPI_UNDEFINED" => Value::Named("MPI_UNDEFINED"),
        "MPI_DATATYPE_NULL" => Value::Named("MPI_DATATYPE_NULL"),
        "MPI_IN_PLACE" => Value::Named("MPI_IN_PLACE"),
        "MPI_ANY_SOURCE" => Value::Named("MPI_ANY_SOURCE"),
        "MPI_ANY_TAG" => Value::Named("MPI_ANY_TAG"),
        "MPI_PROC_NULL" => Value::Named("MPI_PROC_NULL"),
        "MPI_BOTTOM" => Value::Ref(Place {
            object: Evaluator::bottom(state),
            path: Vec::new(),
        }),
        "MPI_ADDRESS_KIND" => Value::Int(aint),
        "MPI_OFFSET_KIND" | "MPI_COUNT_KIND" => Value::Int(8),
        "MPI_INTEGER_KIND" => Value::Int(4),
        "MPI_SUCCESS" => Value::Int(0),
        _ => Value::Unknown,
    }
}
