//! Fortran array values: the elements of array constructors (implied DOs expanded, array items
//! spread), where a contiguous array section starts, and the array-valued inquiry intrinsics
//! `SHAPE`, `LBOUND` and `UBOUND`.

use std::rc::Rc;

use super::assign::{elemental_expr, MAX_ELEMENTWISE};
use super::expr::MAX_ARRAY_ELEMENTS;
use super::value::{Declaration, HeapElement, ObjectKind, Place, State, Value};
use super::Evaluator;
use crate::ir::{Expr, ExprKind, Subscript, Ty};
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
        let count = |bounds: &Option<Vec<(i128, i128)>>| -> Option<i128> {
            bounds
                .as_ref()?
                .iter()
                .try_fold(1i128, |n, &(lower, upper)| {
                    n.checked_mul(dimension_extent(lower, upper)?.max(0))
                })
        };
        let Some(n) = count(first).filter(|&n| {
            arrays.iter().all(|(_, b)| count(b) == Some(n))
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

/// Whether `e` calls a function anywhere.
fn calls_a_function(e: &Expr) -> bool {
    let mut calls = false;
    crate::ir::visit_expr(e, &mut |inner| {
        calls |= matches!(inner.kind, ExprKind::Call { .. });
    });
    calls
}
