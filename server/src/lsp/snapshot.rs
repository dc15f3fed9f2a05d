//! One analysed version of a document, and running analyses on the blocking pool with panics
//! caught.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;

use analyzer::analysis::Analysis;
use analyzer::checks::Diagnostic;
use analyzer::source::{Language, MAX_SOURCE_BYTES};

use crate::settings::{AnalyzeFn, FileSettings};

/// What an analysis is made of: a version of the document, a generation of the workspace's
/// module index, and an epoch of its settings (see `Document::epoch`). All three only grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stamp {
    pub version: i32,
    pub generation: u64,
    pub epoch: u64,
}

/// An analysis under way: every request for its stamp awaits the one result.
#[derive(Clone)]
pub struct Pending {
    pub stamp: Stamp,
    pub result: Arc<tokio::sync::OnceCell<Result<Arc<Snapshot>, String>>>,
}

impl Pending {
    pub fn new(stamp: Stamp) -> Self {
        Pending {
            stamp,
            result: Arc::default(),
        }
    }
}

/// What to analyse: one version of a document with its settings.
pub struct Job {
    pub text: String,
    /// The latest analysis of the document, which the new one is made from.
    pub previous: Option<Arc<Snapshot>>,
    pub stamp: Stamp,
    pub language: Language,
    pub path: Option<PathBuf>,
    pub settings: FileSettings,
}

/// A document version's analysis and findings (severities as configured), with the modules of
/// one generation of the workspace's index.
pub struct Snapshot {
    pub stamp: Stamp,
    pub analysis: Analysis,
    pub diagnostics: Vec<Diagnostic>,
}

impl Job {
    pub fn too_large(&self) -> bool {
        self.text.len() > MAX_SOURCE_BYTES
    }

    pub fn run(self, analyze: AnalyzeFn) -> Snapshot {
        let path = self.path.clone().unwrap_or_default();
        // Like the command line, which does not read larger files: the analysis of an empty
        // text answers every query with nothing.
        let text = if self.too_large() { "" } else { &self.text };
        let previous = self.previous.as_ref().map(|s| &s.analysis);
        let analysis = self
            .settings
            .analyze(analyze, previous, text, self.language, &path);
        let diagnostics = self.settings.check(&analysis);
        Snapshot {
            stamp: self.stamp,
            analysis,
            diagnostics,
        }
    }
}

/// Runs `work` off the async executor, on a thread with the stack the analysis is sized for;
/// a panic becomes an error naming it, and the server lives on.
pub async fn off_executor<R: Send + 'static>(
    work: impl FnOnce() -> R + Send + 'static,
) -> Result<R, String> {
    let (send, receive) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("analysis".to_owned())
        .stack_size(analyzer::analysis::STACK_BYTES)
        .spawn(move || {
            let _ = send.send(catch_unwind(AssertUnwindSafe(work)));
        })
        .map_err(|e| format!("analysis thread not started: {e}"))?;
    match receive.await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(panic)) => Err(panic_message(panic.as_ref())),
        Err(_) => Err("analysis thread ended without an answer".to_owned()),
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    format!("internal error (panic) in the analyzer: {what}")
}
