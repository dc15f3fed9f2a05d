//! The places a finding points to besides its own: for each datatype handle passed where the
//! finding is, the constructor call that built it and the calls that commit or free it. An
//! editor lists them under the finding (LSP's related information).

use std::collections::HashMap;

use super::{handle_text, Diagnostic, Related};
use crate::analysis::Analysis;
use crate::catalog::Effect;
use crate::eval::value::HandleId;
use crate::eval::ArgumentValue;
use crate::source::Span;

/// At most this many related places per finding: a handle committed in a loop body reached
/// through many calls is listed once per call site anyway, but a long list helps no one.
const MAX_RELATED: usize = 6;

/// Adds the related places to every finding.
pub(super) fn add_related(analysis: &Analysis, diagnostics: &mut [Diagnostic]) {
    if diagnostics.is_empty() {
        return;
    }
    let index = Index::new(analysis, diagnostics);
    for d in diagnostics {
        d.related = index.related(analysis, d.span);
    }
}

struct Index {
    /// Datatype handle arguments written in a finding's span, sorted by start.
    arguments: Vec<(Span, HandleId)>,
    /// The commit and free calls of each of those handles: the call and what it does.
    lifecycle: HashMap<HandleId, Vec<(Span, &'static str)>>,
}

impl Index {
    /// The index of what `diagnostics` (sorted by start) point to: most calls of a file have
    /// no finding, and indexing all of them was most of the work.
    fn new(analysis: &Analysis, diagnostics: &[Diagnostic]) -> Index {
        // The furthest end of the findings up to each one.
        let reach: Vec<usize> = diagnostics
            .iter()
            .scan(0, |end, d| {
                *end = d.span.end.max(*end);
                Some(*end)
            })
            .collect();
        let in_a_finding = |span: Span| {
            let after = diagnostics.partition_point(|d| d.span.start <= span.start);
            after > 0 && span.end <= reach[after - 1]
        };
        let mut arguments = Vec::new();
        for call in analysis.evaluation.calls.iter() {
            for arg in call.args.iter() {
                if let ArgumentValue::Datatype { handle, .. } = arg.value {
                    let span = call.span_of(arg);
                    if in_a_finding(span) {
                        arguments.push((span, handle));
                    }
                }
            }
        }
        arguments.sort_by_key(|(span, _)| (span.start, span.end));
        arguments.dedup();
        let mut lifecycle: HashMap<HandleId, Vec<(Span, &'static str)>> = arguments
            .iter()
            .map(|&(_, handle)| (handle, Vec::new()))
            .collect();
        for call in analysis.evaluation.calls.iter() {
            let what = match call.function.effect {
                Effect::Commit => "committed here",
                Effect::Free => "freed here",
                _ => continue,
            };
            for arg in call.args.iter() {
                let ArgumentValue::Datatype { handle, .. } = arg.value else {
                    continue;
                };
                if let Some(calls) = lifecycle.get_mut(&handle) {
                    if !calls.contains(&(call.span, what)) {
                        calls.push((call.span, what));
                    }
                }
            }
        }
        Index {
            arguments,
            lifecycle,
        }
    }

    fn related(&self, analysis: &Analysis, at: Span) -> Vec<Related> {
        let first = self.arguments.partition_point(|(s, _)| s.start < at.start);
        let mut related: Vec<Related> = Vec::new();
        let mut push = |span: Span, message: String| {
            let overlaps = span.start < at.end && at.start < span.end;
            if !overlaps && related.len() < MAX_RELATED && !related.iter().any(|r| r.span == span) {
                related.push(Related { span, message });
            }
        };
        let inside = self.arguments[first..]
            .iter()
            .take_while(|(s, _)| s.start <= at.end)
            .filter(|(s, _)| s.end <= at.end);
        for &(span, handle) in inside {
            let name = handle_text(analysis.slice(span));
            if let Some(built) = analysis.evaluation.built_at(handle) {
                push(built, format!("`{name}` is built here"));
            }
            for &(call, what) in self.lifecycle.get(&handle).into_iter().flatten() {
                push(call, format!("`{name}` {what}"));
            }
        }
        related
    }
}
