//! Tree-sitter front ends: each parses a file once, walks the tree by hand (dispatching on node
//! kinds, no query files) and lowers it into the language-neutral [`crate::ir`].

pub mod c;
pub mod fortran;
mod preproc;

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

/// How deep a front end's recursive walk has gone, bounded so that no input can exhaust the
/// stack: past the limit the inner part lowers to unknown, with one note per file.
#[derive(Debug, Default)]
pub(crate) struct Depth {
    level: usize,
    noted: bool,
}

impl Depth {
    /// Enters one level below `limit`. `Err` past it, holding the note to give the first time.
    pub(crate) fn enter(&mut self, limit: usize) -> Result<(), Option<String>> {
        if self.level >= limit {
            let first = !std::mem::replace(&mut self.noted, true);
            return Err(first.then(|| {
                format!("nesting deeper than {limit} levels: the inner part is not analysed")
            }));
        }
        self.level += 1;
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.level = self.level.saturating_sub(1);
    }
}

/// How much of a file the front ends parse by default: this keeps one file's analysis well under
/// a second (tree-sitter's parse and the walks grow with the text).
pub(crate) const MAX_PARSED_BYTES: usize = 512 << 10;

/// The prefix of `text` that is parsed: all of it, or up to the end of the last line before
/// `max_bytes` that `closes_unit` accepts (the end of a function), else the last line.
pub(crate) fn parsed_prefix(text: &str, max_bytes: usize, closes_unit: fn(&str) -> bool) -> &str {
    if text.len() <= max_bytes {
        return text;
    }
    let mut end = max_bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    let mut lines = head.split_inclusive('\n').collect::<Vec<_>>();
    // The last line may be cut short: only whole lines count.
    if !head.ends_with('\n') {
        lines.pop();
    }
    let whole: usize = lines.iter().map(|l| l.len()).sum();
    let mut at = whole;
    for line in lines.iter().rev() {
        if closes_unit(line) {
            return &text[..at];
        }
        at -= line.len();
    }
    &text[..if whole > 0 { whole } else { end }]
}
