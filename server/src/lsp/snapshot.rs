//! One analysed version of a document, and running analyses on the blocking pool with panics
//! caught.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use analyzer::analysis::{Analysis, AnalysisOptions};
use analyzer::checks::{self, Diagnostic};
use analyzer::source::{Language, MAX_SOURCE_BYTES};
use analyzer::syntax::IncludeResolver;

use crate::files::Includes;
use crate::settings::FileSettings;

/// The analysis entry point: `analyzer::analysis::analyze`, or a stand-in in tests.
pub type AnalyzeFn = fn(&str, Language, &AnalysisOptions, &mut dyn IncludeResolver) -> Analysis;

/// What to analyse: one version of a document with its settings.
pub struct Job {
    pub text: String,
    pub version: i32,
    pub language: Language,
    pub path: Option<PathBuf>,
    pub(crate) settings: FileSettings,
}

/// A document version's analysis and findings (severities as configured).
pub struct Snapshot {
    pub version: i32,
    pub analysis: Analysis,
    pub diagnostics: Vec<Diagnostic>,
}

impl Job {
    pub fn too_large(&self) -> bool {
        self.text.len() > MAX_SOURCE_BYTES
    }

    pub fn run(self, analyze: AnalyzeFn) -> Snapshot {
        let settings = &self.settings;
        let path = self.path.clone().unwrap_or_default();
        let mut includes = Includes::new(&path, &settings.include_paths);
        // Like the command line, which does not read larger files: the analysis of an empty
        // text answers every query with nothing.
        let text = if self.too_large() { "" } else { &self.text };
        let analysis = analyze(text, self.language, &settings.options, &mut includes);
        let mut diagnostics = checks::check(&analysis, &settings.selection);
        for d in &mut diagnostics {
            d.severity = settings.severity(d.rule, d.severity);
        }
        Snapshot {
            version: self.version,
            analysis,
            diagnostics,
        }
    }
}

/// Runs `work` on the blocking pool; a panic becomes an error naming it, and the server lives on.
pub async fn off_executor<R: Send + 'static>(
    work: impl FnOnce() -> R + Send + 'static,
) -> Result<R, String> {
    let joined = tokio::task::spawn_blocking(move || catch_unwind(AssertUnwindSafe(work))).await;
    match joined {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(panic)) => Err(panic_message(panic.as_ref())),
        Err(e) => Err(format!("analysis task failed: {e}")),
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
