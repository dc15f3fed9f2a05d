//! Linting files: find them, read them, analyse them in parallel, and turn the analyzer's
//! findings into positioned reports for the output formats and `--fix`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::checks::{self, Diagnostic, RuleSelection, Severity};
use analyzer::dtype::MpiModel;
use analyzer::fix::{Applicability, Fix};
use analyzer::layout::Target;
use analyzer::source::{LineIndex, PositionEncoding, Span};
use analyzer::syntax::c::COptions;
use rayon::prelude::*;

use crate::config::Config;
use crate::files::{self, Includes, SourceFile};

/// What the command line says, before per-file configuration.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub target: Option<Target>,
    pub model: Option<MpiModel>,
    pub select: Option<Vec<String>>,
    pub ignore: Vec<String>,
    /// `--config FILE`: used for every file instead of the nearest one.
    pub config: Option<Config>,
}

/// A 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

#[derive(Clone, Debug)]
pub struct Located {
    pub start: Position,
    pub end: Position,
}

#[derive(Clone, Debug)]
pub struct Finding {
    pub rule: &'static checks::Rule,
    pub severity: Severity,
    pub message: String,
    pub at: Located,
    pub fixes: Vec<(Fix, Vec<Located>)>,
}

/// One file's result.
pub struct FileReport {
    pub path: PathBuf,
    pub text: String,
    pub findings: Vec<Finding>,
    /// Why the file was not analysed (unreadable, binary, too large, bad configuration).
    pub error: Option<String>,
    /// Invalid UTF-8 was replaced while reading: the file must not be rewritten.
    pub lossy: bool,
}

/// Analyses every file; reports come in path order.
pub fn lint(sources: &[SourceFile], settings: &Settings) -> Vec<FileReport> {
    let configs = ConfigCache::default();
    sources
        .par_iter()
        .map(|source| lint_file(source, settings, &configs))
        .collect()
}

/// Configurations by directory, loaded once.
#[derive(Default)]
struct ConfigCache(Mutex<HashMap<PathBuf, Result<Option<Config>, String>>>);

impl ConfigCache {
    fn for_file(&self, path: &Path) -> Result<Option<Config>, String> {
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        let mut cache = self.0.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(dir.clone())
            .or_insert_with(|| Config::find(&dir).map(|p| Config::load(&p)).transpose())
            .clone()
    }
}

fn lint_file(source: &SourceFile, settings: &Settings, configs: &ConfigCache) -> FileReport {
    let mut report = FileReport {
        path: source.path.clone(),
        text: String::new(),
        findings: Vec::new(),
        error: None,
        lossy: false,
    };
    let text = match files::read(&source.path) {
        Ok(text) => {
            report.lossy = text.invalid_byte_count() > 0;
            text.into_string()
        }
        Err(e) => {
            report.error = Some(e);
            return report;
        }
    };
    if !files::mentions_mpi(text.as_bytes()) {
        report.text = text;
        return report;
    }
    let config = match &settings.config {
        Some(c) => Some(c.clone()),
        None => match configs.for_file(&source.path) {
            Ok(c) => c,
            Err(e) => {
                report.error = Some(e);
                return report;
            }
        },
    };
    report.findings = lint_text(source, &text, settings, &config.unwrap_or_default());
    report.text = text;
    report
}

/// Analyses one text as the file at `source` and runs the selected rules.
pub fn lint_text(
    source: &SourceFile,
    text: &str,
    settings: &Settings,
    config: &Config,
) -> Vec<Finding> {
    let options = AnalysisOptions {
        target: settings.target.or(config.target).unwrap_or_default(),
        model: settings.model.or(config.model).unwrap_or_default(),
        c: COptions {
            defines: config.defines.clone(),
            ..COptions::default()
        },
        fortran_form: config.fortran_form,
        ..AnalysisOptions::default()
    };
    let mut includes = Includes::new(&source.path, &config.include_paths);
    let analysis = analyze(text, source.language, &options, &mut includes);
    let mut ignore = settings.ignore.clone();
    ignore.extend(config.ignore.iter().cloned());
    ignore.extend(config.ignored_for(&source.path));
    let selection = RuleSelection {
        select: settings.select.clone().or(config.select.clone()),
        ignore,
    };
    let index = &analysis.line_index;
    checks::check(&analysis, &selection)
        .into_iter()
        .map(|d| finding(d, index, config))
        .collect()
}

/// The configuration that applies to a file (`--config`, or the nearest one).
pub fn config_for(path: &Path, settings: &Settings) -> Result<Config, String> {
    match &settings.config {
        Some(c) => Ok(c.clone()),
        None => ConfigCache::default()
            .for_file(path)
            .map(Option::unwrap_or_default),
    }
}

fn finding(d: Diagnostic, index: &LineIndex, config: &Config) -> Finding {
    let locate = |span: Span| Located {
        start: position(index, span.start),
        end: position(index, span.end),
    };
    Finding {
        rule: d.rule,
        severity: config
            .severity
            .get(d.rule.id)
            .copied()
            .unwrap_or(d.severity),
        message: d.message,
        at: locate(d.span),
        fixes: d
            .fixes
            .into_iter()
            .map(|f| {
                let edits = f.edits.iter().map(|e| locate(e.span)).collect();
                (f, edits)
            })
            .collect(),
    }
}

fn position(index: &LineIndex, offset: usize) -> Position {
    let lc = index.line_column(offset, PositionEncoding::Utf32);
    Position {
        line: lc.line + 1,
        column: lc.column + 1,
    }
}

/// True for a finding that fails the run (exit status 1).
pub fn fails(f: &Finding) -> bool {
    matches!(f.severity, Severity::Error | Severity::Warning)
}

/// Whether `--fix` may apply a fix.
pub fn applicable(fix: &Fix, unsafe_fixes: bool) -> bool {
    match fix.applicability {
        Applicability::Safe => true,
        Applicability::Unsafe => unsafe_fixes,
        Applicability::DisplayOnly => false,
    }
}
