//! Local C arrays that nothing wrote: their elements start as [`Value::Uninit`] when declared
//! without an initializer, so that a constructor reading an entry the code never set can be told
//! from one reading an unknown value. Only arrays of integers and datatype handles are marked
//! (what constructors read), and only small ones: the marks cost one stored value per element.

use crate::eval::value::{ObjectId, PathElem, Place, State, Value};
use crate::eval::{Evaluator, Unwritten};
use crate::ir::Ty;
use crate::layout::CType;
use crate::source::Span;

/// Most elements an array may have to be marked.
const MAX_MARKED: i128 = 256;

impl Evaluator<'_> {
    /// Marks the elements of a local array declared without an initializer (`int bl[3];`) as
    /// unwritten. Arrays at file scope are zero-initialized in C, and are not marked.
    pub(crate) fn mark_unwritten(
        &mut self,
        state: &mut State,
        id: ObjectId,
        ty: &Ty,
        declaration: Span,
    ) {
        if self.call_stack.is_empty() {
            return;
        }
        let Ty::Array(element, dims) = self.resolve(ty).clone() else {
            return;
        };
        let marked = dims.len() == 1
            && match self.resolve(&element) {
                Ty::MpiDatatype => true,
                Ty::C(c) => is_wide_integer(*c),
                _ => false,
            };
        if !marked {
            return;
        }
        let Some(n) = self
            .element_count(state, &dims)
            .filter(|n| (1..=MAX_MARKED).contains(n))
        else {
            return;
        };
        for k in 0..n {
            let place = Place {
                object: id,
                path: vec![PathElem::Index(k)],
            };
            state.write(&place, Value::Uninit);
        }
        self.unwritten_arrays.insert(id, declaration);
    }

    /// The entries of `values`, read from `start`, that nothing wrote.
    pub(super) fn unwritten(
        &self,
        state: &State,
        start: &Value,
        values: &[Value],
    ) -> Option<Unwritten> {
        let Value::Ref(place) = start else {
            return None;
        };
        let declaration = *self.unwritten_arrays.get(&place.object)?;
        let entries: Vec<i128> = (0..)
            .zip(values)
            .filter(|(_, v)| **v == Value::Uninit)
            .map(|(k, _)| k)
            .collect();
        let array = state.objects.get(place.object)?.name.clone();
        (!entries.is_empty()).then_some(Unwritten {
            entries,
            array,
            declaration,
        })
    }
}

/// The integer types of counts, displacements and handles (not characters, booleans or
/// pointers).
fn is_wide_integer(c: CType) -> bool {
    use CType::*;
    !c.is_floating()
        && !matches!(
            c,
            Char | SignedChar | UnsignedChar | Int8 | UInt8 | Bool | WChar | Pointer
        )
}
