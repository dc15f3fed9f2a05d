//! One analysed version of a document, and running analyses on the blocking pool with panics
//! caught.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

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
    workers::run(Box::new(move || {
        let _ = send.send(catch_unwind(AssertUnwindSafe(work)));
    }))
    .map_err(|e| format!("analysis thread not started: {e}"))?;
    match receive.await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(panic)) => Err(panic_message(panic.as_ref())),
        Err(_) => Err("analysis thread ended without an answer".to_owned()),
    }
}

/// Frees a replaced analysis once the requests that its successor's diagnostics prompt are
/// answered: freeing one of a large file takes milliseconds (up to 4 on `lsp_latency`'s 10,000
/// lines, most of it the functions and calls the edit moved), which neither the diagnostics nor
/// a hover should wait for. Off the executor and under no lock.
pub fn retire(replaced: Arc<Snapshot>) {
    tokio::spawn(async move {
        tokio::time::sleep(RETIRE_AFTER).await;
        let _ = off_executor(move || drop(replaced)).await;
    });
}

/// How long a replaced analysis is kept before it is freed (see [`retire`]).
const RETIRE_AFTER: Duration = Duration::from_millis(20);

/// Threads kept for the next job. A thread made for each one cost the thread's start and, as it
/// ended, jemalloc's purge of its caches: 6% of the server's time in `lsp_latency`, competing
/// with the diagnostics and the hover that follow an edit. A job never waits for a thread: when
/// none is idle, one more is made.
mod workers {
    use std::sync::mpsc::{channel, Sender};
    use std::sync::Mutex;

    pub type Job = Box<dyn FnOnce() + Send>;

    /// How many idle threads are kept; more end when their job is done.
    const KEPT: usize = 4;

    static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

    fn idle() -> std::sync::MutexGuard<'static, Vec<Sender<Job>>> {
        // The list is only pushed to and popped from: a panic cannot leave it half-changed.
        IDLE.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `job` (which catches its own panics) on an idle thread or a new one.
    pub fn run(mut job: Job) -> std::io::Result<()> {
        loop {
            // Popped with the lock released at once: the send does not need it.
            let Some(worker) = idle().pop() else {
                break;
            };
            match worker.send(job) {
                Ok(()) => return Ok(()),
                // That thread has ended: the next one, or a new one.
                Err(returned) => job = returned.0,
            }
        }
        std::thread::Builder::new()
            .name("analysis".to_owned())
            .stack_size(analyzer::analysis::STACK_BYTES)
            .spawn(move || work(job))
            .map(drop)
    }

    fn work(mut job: Job) {
        loop {
            job();
            let (send, receive) = channel();
            {
                let mut idle = idle();
                if idle.len() >= KEPT {
                    return;
                }
                idle.push(send);
            }
            match receive.recv() {
                Ok(next) => job = next,
                Err(_) => return,
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use analyzer::analysis::{analyze, AnalysisOptions};
    use analyzer::syntax::NoIncludes;

    #[tokio::test]
    async fn a_replaced_analysis_is_freed_after_a_pause_not_at_once() {
        let text = "int main(void) { return 0; }";
        let options = AnalysisOptions::default();
        let snapshot = Arc::new(Snapshot {
            stamp: Stamp {
                version: 1,
                generation: 0,
                epoch: 0,
            },
            analysis: analyze(text, Language::C, &options, &mut NoIncludes),
            diagnostics: Vec::new(),
        });
        let freed = Arc::downgrade(&snapshot);
        retire(snapshot);
        assert!(freed.upgrade().is_some(), "freed before the pause");
        for _ in 0..1000 {
            if freed.upgrade().is_none() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("a replaced analysis was never freed");
    }
}
