//! The evaluation's constructor-call definitions by call and by the handles they made: several
//! rules look one up for each call site, and a search through every definition for each site
//! made the checks quadratic in the file's calls. The hovers find where a handle was built
//! here too (a handle keeps no position of its own, so a root's handles need no moving).

use std::collections::HashMap;
use std::sync::Arc;

use crate::eval::value::HandleId;
use crate::eval::TypeDefinition;
use crate::source::Span;

#[derive(Clone, Debug)]
pub(super) struct DefinitionIndex {
    /// The first definition of each call (its span and the constructor's name).
    by_call: HashMap<(Span, &'static str), usize>,
    /// The first definition that made each handle.
    by_handle: HashMap<HandleId, usize>,
}

impl DefinitionIndex {
    pub(super) fn new(definitions: &[Arc<TypeDefinition>]) -> DefinitionIndex {
        let mut by_call = HashMap::with_capacity(definitions.len());
        let mut by_handle = HashMap::with_capacity(definitions.len());
        for (i, d) in definitions.iter().enumerate() {
            by_call.entry((d.span, d.constructor.name)).or_insert(i);
            for &handle in d.handles.iter() {
                by_handle.entry(handle).or_insert(i);
            }
        }
        DefinitionIndex { by_call, by_handle }
    }

    pub(super) fn of_call(&self, span: Span, constructor: &'static str) -> Option<usize> {
        self.by_call.get(&(span, constructor)).copied()
    }

    pub(super) fn of_handle(&self, handle: HandleId) -> Option<usize> {
        self.by_handle.get(&handle).copied()
    }
}
