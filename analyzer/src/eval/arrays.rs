//! Fortran array values: the elements of array constructors (implied DOs expanded, array items
//! spread), where a contiguous array section starts, and the array-valued inquiry intrinsics
//! `SHAPE`, `LBOUND` and `UBOUND`.

use std::rc::Rc;

use super::assign::{elemental_expr, MAX_ELEMENTWISE};
use super::expr::MAX_ARRAY_ELEMENTS;
use super::value::{Declaration, HeapElement, ObjectKind, PathElem, Place, State, Value};
use super::Evaluator;
use crate::ir::{calls_a_function, Expr, ExprKind, Subscript, Ty};
use crate::layout::aggregate::dimension_extent;
use crate::layout::FortranType;
use crate::source::Span;

impl Evaluator<'_> {
    /// The elements of an array constructor in order; `None` when how many there are, or where
    /// one of them goes, is not known (or there are more than the evaluator reads in one go).
    pub(crate) fn array_values(&mut self, state: &mut State, items: &[Expr]) -> Option<Vec<Value>> {
        let mut out = Vec::new();
        for item in items {
            self.push_array_item(state, item, &mut out)?;
        }
        Some(out)
    }

    fn push_array_item(
        &mut self,
        state: &mut State,
        item: &Expr,
        out: &mut Vec<Value>,
    ) -> Option<()> {
        match &item.kind {
            ExprKind::ImpliedDo {
                items,
                var,
                start,
                end,
                step,
            } => {
                let start = self.eval_const(state, start)?;
                let end = self.eval_const(state, end)?;
                let step = match step {
                    Some(s) => self.eval_const(state, s)?,
                    None => 1,
                };
                let count = end
                    .checked_sub(start)?
                    .checked_add(step)?
                    .checked_div(step)?
                    .max(0);
                // The implied DO's variable is its own, not the unit's variable of that name.
                state.scopes.push(Rc::default());
                let integer = Ty::Fortran {
                    ty: FortranType::Integer,
                    kind: None,
                    len: None,
                };
                let id = self.declare_local(
                    state,
                    var,
                    ObjectKind::Variable(integer),
                    Declaration::Temporary(item.span),
                );
                let counter = Place {
                    object: id,
                    path: Vec::new(),
                };
                let mut done = Some(());
                let mut value = start;
                for _ in 0..count {
                    let room = i128::try_from(out.len()).is_ok_and(|n| n < MAX_ARRAY_ELEMENTS);
                    if self.steps_left == 0 || !room {
                        done = None;
                        break;
                    }
                    self.steps_left -= 1;
                    state.write(&counter, Value::Int(value));
                    if items
                        .iter()
                        .any(|i| self.push_array_item(state, i, out).is_none())
                    {
                        done = None;
                        break;
                    }
                    value = value.checked_add(step)?;
                }
                state.scopes.pop();
                done
            }
            ExprKind::ArrayCtor(items) => {
                for i in items {
                    self.push_array_item(state, i, out)?;
                }
                Some(())
            }
            // How many elements a section has is not followed.
            ExprKind::Section { .. } => None,
            _ => {
                // In Fortran an array item gives its elements; in C (a compound literal) an
                // array decays to a pointer, one element.
                let fortran = !self.case_sensitive;
                let array = match self
                    .static_type(state, item)
                    .map(|t| self.resolve(&t).clone())
                {
                    Some(Ty::Array(_, dims)) if fortran => Some(dims),
                    _ => None,
                };
                let value = self.eval(state, item);
                match array {
                    Some(dims) => {
                        let count = self.element_count(state, &dims)?;
                        out.extend(self.read_array(state, &value, count)?);
                    }
                    None => out.push(value),
                }
                Some(())
            }
        }
    }

    /// A Fortran expression over whole arrays (`displs * lens(1)`, `2 * a + 1`) as an actual
    /// argument or operand: an unnamed array of its value at each element, each array standing
    /// for its element at the same position. The arrays conform (Fortran requires it): when
    /// their sizes are not known, or differ, so is the value. `None` when the expression names
    /// no whole array, or calls a function (an inquiry such as `SIZE(a)` takes the whole array,
    /// not its element).
    pub(crate) fn elemental_array(&mut self, state: &mut State, e: &Expr) -> Option<Value> {
        if self.case_sensitive || calls_a_function(e) {
            return None;
        }
        let arrays = self.array_operands(state, e);
        let (_, first) = arrays.first()?;
        let Some(n) = element_count_of(first).filter(|&n| {
            arrays.iter().all(|(_, b)| element_count_of(b) == Some(n))
                && n <= MAX_ELEMENTWISE
                && n <= i128::from(self.steps_left)
        }) else {
            return Some(Value::Unknown);
        };
        self.steps_left -= n as u64;
        let values = (0..n)
            .map(|k| self.eval(state, &elemental_expr(e, &arrays, k)))
            .collect();
        Some(self.temporary_array(state, e.span, values))
    }

    /// An unnamed array holding `values` (a constructor or an array-valued intrinsic passed
    /// as an argument), made by the expression at `span`.
    pub(crate) fn temporary_array(
        &mut self,
        state: &mut State,
        span: Span,
        values: Vec<Value>,
    ) -> Value {
        let object = self.local_object(
            state,
            "(array)",
            ObjectKind::Heap {
                bytes: None,
                element: HeapElement::Untyped,
            },
            Declaration::Temporary(span),
        );
        let place = Place {
            object,
            path: Vec::new(),
        };
        self.write_elements(state, &place, values);
        Value::Ref(place)
    }

    /// Where a section passed as an actual argument starts, when its elements are contiguous in
    /// memory (whole leading dimensions, then one range of stride 1, then single elements), so
    /// that it is sequence-associated like its first element: `disp(2:)`, `a(:, j)`.
    pub(crate) fn section_start(
        &mut self,
        state: &mut State,
        base: &Expr,
        subscripts: &[Subscript],
    ) -> Option<Place> {
        let array = match self.eval(state, base) {
            Value::Ref(place) => place,
            _ => return None,
        };
        let Some(Ty::Array(_, dims)) = self
            .place_type(state, &array)
            .map(|t| self.resolve(&t).clone())
        else {
            return None;
        };
        if dims.len() != subscripts.len() {
            return None;
        }
        let bounds = self.bounds(state, &dims)?;
        let mut first = Vec::with_capacity(bounds.len());
        // Past the first dimension the section does not take whole, it takes one element.
        let mut partial = false;
        for (subscript, &(lower, upper)) in subscripts.iter().zip(&bounds) {
            let (from, to) = match subscript {
                Subscript::Index(i) => {
                    let i = self.eval_const(state, i)?;
                    (i, i)
                }
                Subscript::Range {
                    lower: l,
                    upper: u,
                    stride,
                } => {
                    let stride = match stride {
                        Some(s) => self.eval_const(state, s)?,
                        None => 1,
                    };
                    let from = match l {
                        Some(l) => self.eval_const(state, l)?,
                        None => lower,
                    };
                    let to = match u {
                        Some(u) => self.eval_const(state, u)?,
                        None => upper,
                    };
                    if stride != 1 {
                        return None;
                    }
                    (from, to)
                }
            };
            if from > to || from < lower || to > upper || (partial && from != to) {
                return None;
            }
            partial |= (from, to) != (lower, upper);
            first.push(Expr::int(from, base.span));
        }
        let element = Expr::new(
            ExprKind::Index {
                base: Box::new(base.clone()),
                indices: first,
            },
            base.span,
        );
        self.place(state, &element)
    }

    /// `SHAPE(a)`, `LBOUND(a)`, `UBOUND(a)` of a whole array with known bounds, as an unnamed
    /// array; with `DIM=`, one bound. A dimension of extent zero has bounds 1 and 0 (F2018
    /// 16.9.109, 16.9.196).
    pub(crate) fn array_inquiry(
        &mut self,
        state: &mut State,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Value {
        let Some(array) = args.first() else {
            return Value::Unknown;
        };
        // Only a whole array (a name or a component) has its declared bounds.
        if !matches!(array.kind, ExprKind::Name(_) | ExprKind::Member { .. }) {
            return Value::Unknown;
        }
        let Some(Ty::Array(_, dims)) = self
            .static_type(state, array)
            .map(|t| self.resolve(&t).clone())
        else {
            return Value::Unknown;
        };
        let Some(bounds) = self.bounds(state, &dims) else {
            return Value::Unknown;
        };
        let mut values = Vec::with_capacity(bounds.len());
        for (lower, upper) in bounds {
            let Some(extent) = dimension_extent(lower, upper) else {
                return Value::Unknown;
            };
            values.push(Value::Int(match (name, extent) {
                ("shape", _) => extent,
                ("lbound", 0) => 1,
                ("ubound", 0) => 0,
                ("lbound", _) => lower,
                _ => upper,
            }));
        }
        match (name, args.get(1)) {
            ("shape", _) | (_, None) => self.temporary_array(state, span, values),
            (_, Some(dim)) => self
                .eval_const(state, dim)
                .and_then(|d| usize::try_from(d.checked_sub(1)?).ok())
                .and_then(|d| values.get(d).cloned())
                .unwrap_or(Value::Unknown),
        }
    }
}

impl Evaluator<'_> {
    /// `a(l:u:s) = e` on a one-dimensional array: the section's elements get, in order, the
    /// values of `e` at each position, where the whole arrays, sections and constructors in `e`
    /// stand for their element at that position. All values are read before any is written, as
    /// Fortran has it (the right side may read the section). `false` when the section, the
    /// array's bounds or what `e` holds at a position are not known: the caller forgets the
    /// array.
    pub(crate) fn assign_section(
        &mut self,
        state: &mut State,
        base: &Expr,
        subscripts: &[Subscript],
        value: &Expr,
    ) -> bool {
        if self.case_sensitive || calls_a_function(value) {
            return false;
        }
        let Some((place, lower, indices)) = self.section_indices(state, base, subscripts) else {
            return false;
        };
        let n = indices.len();
        // `section_indices` keeps `n` within MAX_ELEMENTWISE.
        if n as u64 > self.steps_left {
            return false;
        }
        // The sections and constructors of `e`, each as its `n` elements.
        let mut parts = Vec::new();
        each_part(&mut value.clone(), &mut |part| parts.push(part.clone()));
        let mut elements = Vec::with_capacity(parts.len());
        for part in &parts {
            match self.part_elements(state, part, n) {
                Some(e) => elements.push(e),
                None => return false,
            }
        }
        let arrays = self.array_operands(state, value);
        if !arrays
            .iter()
            .all(|(_, bounds)| element_count_of(bounds) == Some(n as i128))
        {
            return false;
        }
        self.steps_left -= n as u64;
        let mut values = Vec::with_capacity(n);
        for k in 0..n {
            let mut element = value.clone();
            let mut next = elements.iter();
            each_part(&mut element, &mut |part| {
                if let Some(e) = next.next() {
                    *part = e[k].clone();
                }
            });
            values.push(self.eval(state, &elemental_expr(&element, &arrays, k as i128)));
        }
        for (index, v) in indices.into_iter().zip(values) {
            let mut p = place.clone();
            p.path.push(PathElem::Index(index - lower));
            self.write_place(state, &p, v);
        }
        true
    }

    /// The base and subscripts of a section; `b%lo(2:3)` too, which the lowering reads as a
    /// substring (the component's type is not known there) when `lo` is an array.
    pub(crate) fn as_section<'e>(
        &mut self,
        state: &mut State,
        e: &'e Expr,
    ) -> Option<(&'e Expr, Vec<Subscript>)> {
        match &e.kind {
            ExprKind::Section { base, subscripts } => Some((base, subscripts.clone())),
            ExprKind::Substring { base, lower, upper } => {
                let ty = self.static_type(state, base)?;
                matches!(self.resolve(&ty), Ty::Array(..)).then(|| {
                    let range = Subscript::Range {
                        lower: lower.as_deref().cloned(),
                        upper: upper.as_deref().cloned(),
                        stride: None,
                    };
                    (&**base, vec![range])
                })
            }
            _ => None,
        }
    }

    /// The array a one-dimensional section is of, the array's lower bound, and the indices the
    /// section takes, in order (all within the bounds).
    fn section_indices(
        &mut self,
        state: &mut State,
        base: &Expr,
        subscripts: &[Subscript],
    ) -> Option<(Place, i128, Vec<i128>)> {
        let [Subscript::Range {
            lower: from,
            upper: to,
            stride,
        }] = subscripts
        else {
            return None;
        };
        let place = self.place(state, base)?;
        let Some(Ty::Array(_, dims)) = self
            .place_type(state, &place)
            .map(|t| self.resolve(&t).clone())
        else {
            return None;
        };
        let [(lower, upper)] = self.bounds(state, &dims)?[..] else {
            return None;
        };
        let mut bound = |e: &Option<Expr>, default: i128| match e {
            Some(e) => self.eval_const(state, e),
            None => Some(default),
        };
        let (from, to, stride) = (bound(from, lower)?, bound(to, upper)?, bound(stride, 1)?);
        let count = to
            .checked_sub(from)?
            .checked_add(stride)?
            .checked_div(stride)?;
        if count > MAX_ELEMENTWISE {
            return None;
        }
        let indices = (0..count.max(0))
            .map(|k| from.checked_add(k.checked_mul(stride)?))
            .collect::<Option<Vec<i128>>>()?;
        indices
            .iter()
            .all(|i| (lower..=upper).contains(i))
            .then_some((place, lower, indices))
    }

    /// The `n` elements of a section or constructor inside the right side of a section
    /// assignment, as expressions.
    fn part_elements(&mut self, state: &mut State, part: &Expr, n: usize) -> Option<Vec<Expr>> {
        let elements: Vec<Expr> = match &part.kind {
            ExprKind::Section { base, subscripts } => {
                let (_, _, indices) = self.section_indices(state, base, subscripts)?;
                let index = |i| ExprKind::Index {
                    base: base.clone(),
                    indices: vec![Expr::int(i, part.span)],
                };
                indices
                    .into_iter()
                    .map(|i| Expr::new(index(i), part.span))
                    .collect()
            }
            // Items that are single values: an implied DO or an array item gives several.
            ExprKind::ArrayCtor(items) => {
                for item in items {
                    let scalar = !matches!(
                        item.kind,
                        ExprKind::ImpliedDo { .. }
                            | ExprKind::ArrayCtor(_)
                            | ExprKind::Section { .. }
                    ) && !matches!(self.static_type(state, item), Some(Ty::Array(..)));
                    if !scalar {
                        return None;
                    }
                }
                items.clone()
            }
            _ => return None,
        };
        (elements.len() == n).then_some(elements)
    }
}

/// Calls `f` on each section and constructor of an elemental expression (not inside them),
/// in one fixed order.
fn each_part(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::Section { .. } | ExprKind::ArrayCtor(_) => f(e),
        ExprKind::Unary(_, a) | ExprKind::Cast(_, a) => each_part(a, f),
        ExprKind::Binary(_, a, b) => {
            each_part(a, f);
            each_part(b, f);
        }
        ExprKind::Cond(a, b, c) => {
            each_part(a, f);
            each_part(b, f);
            each_part(c, f);
        }
        _ => {}
    }
}

/// How many elements an array of these bounds has; `None` when they are not known.
fn element_count_of(bounds: &Option<Vec<(i128, i128)>>) -> Option<i128> {
    bounds
        .as_ref()?
        .iter()
        .try_fold(1i128, |n, &(lower, upper)| {
            n.checked_mul(dimension_extent(lower, upper)?.max(0))
        })
}
