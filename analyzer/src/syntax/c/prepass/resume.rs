//! The main file's pre-pass resumed from the previous version's: after an edit, the scan starts
//! at the last line before the edit it can start at and stops at the first line after the edit
//! where it is as the previous scan was at the same place of the text; before and after, the
//! output is the previous version's, moved.
//!
//! A line's start is a place to start or stop at when the scan is there with nothing pending
//! (not in a directive, no `;` written ahead) and nothing before it read past it (`clean`):
//! from there, what the scan does depends only on the text from there, the line's state (brace
//! depth, statement start) and the statement macros known.
//! - At the start, the macros are made again by the directives before it (the headers they
//!   read must be the texts the previous scan read, or the whole text is scanned).
//! - At the stop they are the previous scan's when neither scan met a directive between the
//!   start and the stop, and the previous scan read no header after the stop (a header may have
//!   changed since).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::Arc;

use super::{Includes, Prepassed, Scanner, StatementMacros};
use crate::fingerprint::Fingerprint;
use crate::syntax::reparse::differing_middle;

/// The scan's state at the start of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Line {
    pub(super) at: usize,
    pub(super) depth: usize,
    pub(super) statement_start: bool,
    /// Nothing before `at` was read past it.
    pub(super) clean: bool,
}

impl Line {
    pub(super) const START: Line = Line {
        at: 0,
        depth: 0,
        statement_start: true,
        clean: true,
    };

    fn moved(self, delta: isize) -> Line {
        Line {
            at: self.at.wrapping_add_signed(delta),
            ..self
        }
    }
}

/// A directive of the main file the scan ran.
#[derive(Clone, Copy, Debug)]
pub(super) struct Directive {
    /// Its `#`.
    pub(super) at: usize,
    pub(super) reads_header: bool,
    /// The headers looked for up to it and their texts (`Includes::read`).
    pub(super) read: Fingerprint,
}

/// The lines a scan could start or stop at, and its directives, in text order.
#[derive(Clone, Debug, Default)]
pub(super) struct Trail {
    pub(super) lines: Vec<Line>,
    pub(super) directives: Vec<Directive>,
}

/// Where a resumed scan may stop (see the module's documentation).
pub(super) struct Resync<'p> {
    /// The previous scan's lines.
    lines: &'p [Line],
    /// How much longer the text is.
    delta: isize,
    /// The end of the edit in the new text.
    edit_end: usize,
    /// The previous scan's first directive after the start.
    next_directive: usize,
    /// The previous scan's last directive that read a header.
    last_header: Option<usize>,
}

impl Resync<'_> {
    /// Whether the scan, at `line` and having met a directive or not, is where the previous
    /// one was at the same place of the text.
    fn resumes_at(&self, line: &Line, met_directive: bool) -> bool {
        if met_directive || !line.clean || line.at < self.edit_end {
            return false;
        }
        let was = line.at.wrapping_add_signed(-self.delta);
        if self.next_directive < was || self.last_header.is_some_and(|at| at >= was) {
            return false;
        }
        match self.lines.binary_search_by_key(&was, |l| l.at) {
            Ok(k) => self.lines[k].moved(self.delta) == *line,
            Err(_) => false,
        }
    }
}

impl Scanner<'_, '_> {
    /// Records a line the scan reached; whether it stops there.
    pub(super) fn line_ends_scan(&mut self, line: Line) -> bool {
        let Some(trail) = &mut self.trail else {
            return false;
        };
        trail.lines.push(line);
        let met_directive = !trail.directives.is_empty();
        self.resync
            .as_ref()
            .is_some_and(|resync| resync.resumes_at(&line, met_directive))
    }
}

/// The main file's pre-pass, kept for the next version's.
#[derive(Debug)]
pub(crate) struct KeptPrepass {
    /// The text it read (its output is the text its version's parse kept).
    original: Arc<str>,
    complex_at: HashSet<usize>,
    offsetof_members: HashMap<usize, String>,
    hidden_attributes: HashMap<usize, Range<usize>>,
    replaced_uses: HashMap<usize, usize>,
    trail: Trail,
    /// The statement macros known before the text and after it.
    macros_before: StatementMacros,
    macros_after: StatementMacros,
    max_depth: usize,
    /// What this version's scan read of the text.
    scanned: Range<usize>,
}

/// Pre-passes the main file's `text` as [`super::prepass`] does (with the headers it includes),
/// resuming the previous version's scan when it can (given with its output); with what the next
/// version's resumes from.
pub(in crate::syntax::c) fn prepass_main(
    text: &str,
    macros: &mut StatementMacros,
    includes: &mut Includes<'_>,
    previous: Option<(&KeptPrepass, &str)>,
) -> (Prepassed, KeptPrepass) {
    let macros_before = macros.clone();
    let max_depth = includes.max_depth;
    let previous = previous.filter(|(p, _)| p.macros_before == *macros && p.max_depth == max_depth);
    let resumed = previous.and_then(|(p, prepassed)| {
        let resumed = p.resumed(prepassed, text, macros, includes);
        if resumed.is_none() {
            // What the directives before the edit did is undone.
            *macros = macros_before.clone();
            includes.seen.clear();
            includes.read = Fingerprint::default();
        }
        resumed
    });
    let (pre, trail, scanned) = match resumed {
        Some(resumed) => resumed,
        None => {
            let mut scanner = Scanner::new(text, macros, true);
            scanner.trail = Some(Trail {
                lines: vec![Line::START],
                directives: Vec::new(),
            });
            scanner.run(&mut Some(includes), &mut Vec::new(), Line::START);
            let trail = scanner.trail.take().unwrap_or_default();
            (scanner.finish(), trail, 0..text.len())
        }
    };
    let kept = KeptPrepass {
        original: Arc::from(text),
        complex_at: pre.complex_at.clone(),
        offsetof_members: pre.offsetof_members.clone(),
        hidden_attributes: pre.hidden_attributes.clone(),
        replaced_uses: pre.replaced_uses.clone(),
        trail,
        macros_before,
        macros_after: macros.clone(),
        max_depth,
        scanned,
    };
    (pre, kept)
}

impl KeptPrepass {
    /// The text it read.
    pub(in crate::syntax::c) fn original(&self) -> &str {
        &self.original
    }

    /// What this version's scan read of the text.
    pub(crate) fn scanned(&self) -> Range<usize> {
        self.scanned.clone()
    }

    /// The pre-pass of `text` from this one's, whose output was `prepassed`; `None` when a
    /// header the directives before the edit read is not the text it was.
    fn resumed(
        &self,
        prepassed: &str,
        text: &str,
        macros: &mut StatementMacros,
        includes: &mut Includes<'_>,
    ) -> Option<(Prepassed, Trail, Range<usize>)> {
        let (prefix, old_end, new_end) = differing_middle(&self.original, text);
        let delta = new_end as isize - old_end as isize;
        let lines = &self.trail.lines;
        let before = lines.partition_point(|l| l.at <= prefix);
        let start = lines[..before].iter().rev().find(|l| l.clean).copied()?;
        let directives = &self.trail.directives;
        let replayed = directives.partition_point(|d| d.at < start.at);
        let mut stack = Vec::new();
        let mut includes = Some(includes);
        let mut scanner = Scanner::new(text, macros, false);
        for directive in &directives[..replayed] {
            scanner.directive(directive.at, &mut includes, &mut stack);
        }
        let read = includes.as_ref().map(|i| i.read);
        if replayed > 0 && read != Some(directives[replayed - 1].read) {
            return None;
        }
        scanner.emit = true;
        scanner.reach = start.at;
        scanner.trail = Some(Trail {
            lines: vec![start],
            directives: Vec::new(),
        });
        scanner.resync = Some(Resync {
            lines,
            delta,
            edit_end: new_end,
            next_directive: directives.get(replayed).map_or(usize::MAX, |d| d.at),
            last_header: directives
                .iter()
                .rev()
                .find(|d| d.reads_header)
                .map(|d| d.at),
        });
        let stop = scanner.run(&mut includes, &mut stack, start);
        let rescanned = scanner.trail.take().unwrap_or_default();
        let mut pre = scanner.finish();
        // The stop in the new text and the same place in the old.
        let resumed = stop.map(|at| (at, at.wrapping_add_signed(-delta)));

        let old = prepassed.as_bytes();
        let mut out = std::mem::take(&mut pre.text).into_bytes();
        out[..start.at].copy_from_slice(&old[..start.at]);
        if let Some((at, was)) = resumed {
            out[at..].copy_from_slice(&old[was..]);
            *macros = self.macros_after.clone();
        }
        // Cut after newlines only, so at character boundaries of both texts.
        pre.text = String::from_utf8(out).ok()?;

        let kept = |at: usize| -> Option<isize> {
            match resumed {
                _ if at < start.at => Some(0),
                Some((_, was)) if at >= was => Some(delta),
                _ => None,
            }
        };
        let moved = |at: usize, delta: isize| at.wrapping_add_signed(delta);
        for &at in &self.complex_at {
            if let Some(d) = kept(at) {
                pre.complex_at.insert(moved(at, d));
            }
        }
        for (&at, member) in &self.offsetof_members {
            if let Some(d) = kept(at) {
                pre.offsetof_members.insert(moved(at, d), member.clone());
            }
        }
        for (&at, range) in &self.hidden_attributes {
            if let Some(d) = kept(at) {
                let range = moved(range.start, d)..moved(range.end, d);
                pre.hidden_attributes.insert(moved(at, d), range);
            }
        }
        for (&at, &end) in &self.replaced_uses {
            if let Some(d) = kept(at) {
                pre.replaced_uses.insert(moved(at, d), moved(end, d));
            }
        }

        let mut trail = Trail {
            lines: lines[..lines.partition_point(|l| l.at < start.at)].to_vec(),
            directives: directives[..replayed].to_vec(),
        };
        trail.lines.extend(rescanned.lines);
        trail.directives.extend(rescanned.directives);
        if let Some((_, was)) = resumed {
            let after = lines.partition_point(|l| l.at <= was);
            trail
                .lines
                .extend(lines[after..].iter().map(|l| l.moved(delta)));
            let after = directives.partition_point(|d| d.at < was);
            trail
                .directives
                .extend(directives[after..].iter().map(|d| Directive {
                    at: moved(d.at, delta),
                    ..*d
                }));
        }
        let scanned = start.at..stop.unwrap_or(text.len());
        Some((pre, trail, scanned))
    }
}

#[cfg(test)]
#[path = "resume_tests.rs"]
mod tests;
