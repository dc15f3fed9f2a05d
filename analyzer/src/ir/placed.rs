//! A lowered function at the place its text has in this version of the file.

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use super::{spans, Function, Stmt};
use crate::fingerprint::Fingerprint;
use crate::source::Span;

/// A lowered function, at the place its text now has: the lowering the memo made of it for an
/// earlier version of the file (`syntax/c/memo.rs`, `syntax/fortran/memo.rs`), moved only when
/// something reads it.
/// Moving one copies all it holds. After an edit near the top of a file nearly every function
/// has moved, and few of them are read again: the evaluator reuses the results of the roots
/// that did not change (`eval/roots.rs`), and the rules read the bodies of few functions.
/// Reading it through `Deref` moves it once; [`Self::name`], [`Self::span`],
/// [`Self::identity`], [`Self::is_main`] and [`Self::unmoved_body`] do not move it.
#[derive(Clone)]
pub(crate) struct PlacedFunction {
    lowered: Arc<Function>,
    /// How far its text has moved since it was lowered.
    shift: isize,
    moved: OnceLock<Function>,
}

impl PlacedFunction {
    /// A function lowered where its text is.
    pub(crate) fn new(function: Function) -> Self {
        Self::moved(Arc::new(function), 0)
    }

    /// `lowered`, whose text has moved by `shift` bytes since.
    pub(crate) fn moved(lowered: Arc<Function>, shift: isize) -> Self {
        PlacedFunction {
            lowered,
            shift,
            moved: OnceLock::new(),
        }
    }

    /// The lowering as the memo keeps it, at the place it was lowered at.
    pub(crate) fn lowered(&self) -> &Arc<Function> {
        &self.lowered
    }

    /// The function to change, while it is only this lowering's (the front end's, before
    /// the memo keeps it).
    pub(crate) fn get_mut(&mut self) -> Option<&mut Function> {
        match self.shift {
            0 => Arc::get_mut(&mut self.lowered),
            _ => None,
        }
    }

    pub(crate) fn name(&self) -> &str {
        &self.lowered.name
    }

    pub(crate) fn identity(&self) -> Option<Fingerprint> {
        self.lowered.identity
    }

    pub(crate) fn is_main(&self) -> bool {
        self.lowered.is_main
    }

    /// Where its text is.
    pub(crate) fn span(&self) -> Span {
        self.lowered.span.moved_by(self.shift)
    }

    /// Its body with the positions of where it was lowered: for a reader that takes no
    /// position from it.
    pub(crate) fn unmoved_body(&self) -> &[Stmt] {
        &self.lowered.body
    }

    /// Whether it is moved already, or needs no move (for the tests of what reads it).
    #[cfg(test)]
    pub(crate) fn is_in_place(&self) -> bool {
        self.shift == 0 || self.moved.get().is_some()
    }
}

/// Where a span of something lowered from a text is when the text moved by `shift`: nowhere
/// (`Span::default()`, what the Fortran front end gives the declarations it makes up) stays
/// nowhere.
pub(crate) fn moved_span(span: Span, shift: isize) -> Span {
    if span == Span::default() {
        span
    } else {
        span.moved_by(shift)
    }
}

/// Whether a span of something lowered from the text at `text` moves with it ([`moved_span`]):
/// it lies in the text, or nowhere while the text does not start where nowhere is.
pub(crate) fn moves_with(span: &Span, text: &std::ops::Range<usize>) -> bool {
    if *span == Span::default() {
        text.start > 0
    } else {
        text.start <= span.start && span.end <= text.end
    }
}

/// Whether a span of something lowered from several texts moves with them, each moved on its
/// own: it lies in one of them, or it is nowhere and none starts where nowhere is.
pub(crate) fn moves_with_one_of(
    span: &Span,
    mut texts: impl Iterator<Item = std::ops::Range<usize>>,
) -> bool {
    match *span == Span::default() {
        true => texts.all(|text| moves_with(span, &text)),
        false => texts.any(|text| moves_with(span, &text)),
    }
}

impl Deref for PlacedFunction {
    type Target = Function;

    fn deref(&self) -> &Function {
        if self.shift == 0 {
            return &self.lowered;
        }
        self.moved.get_or_init(|| {
            let mut moved = Function::clone(&self.lowered);
            spans::each_span(&mut moved, &mut |span| {
                *span = moved_span(*span, self.shift)
            });
            moved
        })
    }
}

impl std::fmt::Debug for PlacedFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Function::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::moves_with_one_of;
    use crate::source::Span;

    #[test]
    fn nowhere_moves_with_texts_unless_one_starts_where_nowhere_is() {
        let nowhere = Span::default();
        assert!(moves_with_one_of(&nowhere, [10..20, 30..40].into_iter()));
        assert!(!moves_with_one_of(&nowhere, [10..20, 0..5].into_iter()));
        assert!(moves_with_one_of(
            &Span::new(32, 35),
            [10..20, 30..40].into_iter()
        ));
        assert!(!moves_with_one_of(
            &Span::new(15, 35),
            [10..20, 30..40].into_iter()
        ));
    }
}
