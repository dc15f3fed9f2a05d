//! Fortran storage the evaluator follows beyond plain variables: allocatable arrays, whose
//! bounds `ALLOCATE` sets, and COMMON blocks, which any procedure the program calls may change.

use std::rc::Rc;

use super::value::{ObjectKind, Place, State};
use super::Evaluator;
use crate::ir::{ArrayDim, Ty};

impl Evaluator<'_> {
    /// `ALLOCATE` (with the bounds, evaluated here) or `DEALLOCATE` (`None`) of a named
    /// allocatable: its contents start over, with bounds when each one is known.
    pub(super) fn allocate(&mut self, state: &mut State, name: &str, dims: Option<&[ArrayDim]>) {
        let Some(id) = state.lookup(name) else {
            return;
        };
        let place = self.resolve_alias(
            state,
            Place {
                object: id,
                path: Vec::new(),
            },
        );
        let bounds = dims.and_then(|dims| self.bounds(state, dims));
        if !place.path.is_empty() {
            state.forget(&place);
            return;
        }
        let Some(object) = state.objects.get_mut(place.object) else {
            return;
        };
        let object = Rc::make_mut(object);
        object.values.clear();
        object.allocated = bounds.filter(|b| !b.is_empty());
        // Addresses into the old contents point into storage that is gone.
        if let Some(holders) = self.holders.get(&place.object).cloned() {
            state.scrub(place.object, &holders);
        }
    }

    /// What a call to another procedure may do to the COMMON blocks: anything.
    pub(super) fn forget_common_blocks(&mut self, state: &mut State) {
        if self.common_blocks.is_empty() {
            return;
        }
        let blocks: Vec<usize> = state
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| {
                matches!(&o.kind, ObjectKind::Variable(Ty::Named(n)) if self.common_blocks.contains(n.as_str()))
            })
            .map(|(id, _)| id)
            .collect();
        for object in blocks {
            state.forget(&Place {
                object,
                path: Vec::new(),
            });
        }
    }

    /// What a function of another file may do to the program's variables at file or module
    /// scope: anything (it may assign them, or call back a function that does).
    pub(super) fn forget_variable_globals(&mut self, state: &mut State) {
        for &object in &self.variable_globals {
            state.forget(&Place {
                object,
                path: Vec::new(),
            });
        }
    }
}
