//! Tree-sitter front ends: each parses a file once, walks the tree by hand (dispatching on node
//! kinds, no query files) and lowers it into the language-neutral [`crate::ir`].

pub mod c;
pub mod fortran;

use std::collections::HashMap;

/// Finds the text of `#include "name"` for the front end, which never does I/O itself.
pub trait IncludeResolver {
    /// Text of `#include "name"` seen from the main file, or `None` when not found (the analyzer
    /// never does I/O: the CLI/LSP implement this over the file system).
    fn resolve(&mut self, name: &str) -> Option<String>;
}

/// A resolver that resolves nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoIncludes;

impl IncludeResolver for NoIncludes {
    fn resolve(&mut self, _name: &str) -> Option<String> {
        None
    }
}

/// A resolver over an in-memory map from include name to text.
impl<S: std::hash::BuildHasher> IncludeResolver for HashMap<String, String, S> {
    fn resolve(&mut self, name: &str) -> Option<String> {
        self.get(name).cloned()
    }
}
