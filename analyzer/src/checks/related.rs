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
    let index = Index::new(analysis);
    for d in diagnostics {
        d.related = index.related(analysis, d.span);
    }
}

struct Index {
    /// Datatype handle arguments, by where they are written, sorted by start.
    arguments: Vec<(Span, HandleId)>,
    /// The commit and free calls of each handle: the call and what it does.
    lifecycle: HashMap<HandleId, Vec<(Span, &'static str)>>,
}

impl Index {
    fn new(analysis: &Analysis) -> Index {
        let mut arguments = Vec::new();
        let mut lifecycle: HashMap<HandleId, Vec<(Span, &'static str)>> = HashMap::new();
        for call in &analysis.evaluation.calls {
            let what = match call.function.effect {
                Effect::Commit => Some("committed here"),
                Effect::Free => Some("freed here"),
                _ => None,
            };
            for arg in &call.args {
                let ArgumentValue::Datatype { handle, .. } = arg.value else {
                    continue;
                };
                arguments.push((arg.span, handle));
                if let Some(what) = what {
                    let calls = lifecycle.entry(handle).or_default();
                    if !calls.contains(&(call.span, what)) {
                        calls.push((call.span, what));
                    }
                }
            }
        }
        arguments.sort_by_key(|(span, _)| (span.start, span.end));
        arguments.dedup();
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
            if let Some(built) = analysis
                .evaluation
                .handles
                .get(handle)
                .and_then(|h| h.defined_at)
            {
                push(built, format!("`{name}` is built here"));
            }
            for &(call, what) in self.lifecycle.get(&handle).into_iter().flatten() {
                push(call, format!("`{name}` {what}"));
            }
        }
        related
    }
}
