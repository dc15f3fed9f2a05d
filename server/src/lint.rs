//! Linting files: find them, read them, analyse them in parallel, and turn the analyzer's
//! findings into positioned reports for the output formats and `--fix`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use analyzer::analysis::{reanalyze, Analysis};
use analyzer::checks::{self, Diagnostic, Severity};
use analyzer::fix::{Applicability, Fix};
use analyzer::source::{Language, LineIndex, PositionEncoding, Span};
use rayon::prelude::*;

use crate::compile_db::CompileDb;
use crate::config::Config;
use crate::files::{self, NotRead, SourceFile};
use crate::modules::ModuleIndex;
use crate::progress::Progress;
use crate::settings::{FileSettings, Overrides};

/// What the command line says, before per-file configuration.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub overrides: Overrides,
    /// `--config FILE`: used for every file instead of the nearest one.
    pub config: Option<Arc<Config>>,
    /// `--compile-commands FILE`: used for every file instead of the nearest one.
    pub compile_commands: Option<Arc<CompileDb>>,
}

/// Finds and loads each file's configuration and compilation database, once per directory.
pub struct Contexts<'a> {
    settings: &'a Settings,
    configs: DirCache<Config>,
    databases: DirCache<CompileDb>,
    /// The modules of the files being linted.
    modules: Option<Arc<ModuleIndex>>,
}

impl<'a> Contexts<'a> {
    pub fn new(settings: &'a Settings) -> Contexts<'a> {
        Contexts {
            settings,
            configs: DirCache::default(),
            databases: DirCache::default(),
            modules: None,
        }
    }

    /// Indexes the modules of `files`: what the files use is found among them.
    pub fn index_modules(&mut self, files: &[SourceFile]) {
        self.modules = Some(Arc::new(ModuleIndex::of_files(files)));
    }

    /// The configuration of a file: `--config`, else the nearest one, if any.
    fn config(&self, path: &Path) -> Loaded<Config> {
        match &self.settings.config {
            Some(c) => Ok(Some(c.clone())),
            None => self.configs.get(path, Config::find, Config::load),
        }
    }

    /// The language of a file as its configuration says; `Err` when the configuration is bad.
    pub fn language(&self, path: &Path) -> Result<Option<Language>, String> {
        Ok(self
            .config(path)?
            .map_or_else(|| Language::from_path(path), |c| c.language_for(path)))
    }

    /// How a file is analysed and checked: the command line over its configuration and its
    /// compile command.
    pub fn for_file(&self, path: &Path) -> Result<FileSettings, String> {
        let config = self.config(path)?.unwrap_or_default();
        let database = match &self.settings.compile_commands {
            Some(db) => Some(db.clone()),
            None => self.databases.get(path, CompileDb::find, CompileDb::load)?,
        };
        let flags = database
            .and_then(|db| db.flags(path).cloned())
            .unwrap_or_default();
        let settings = FileSettings::new(&self.settings.overrides, &config, &flags, Some(path));
        Ok(settings.with_modules(self.modules.clone()))
    }
}

/// A file found by walking up from a directory and loaded: none, or it, or why it is bad.
type Loaded<T> = Result<Option<Arc<T>>, String>;

/// Something found by walking up from a file's directory, loaded once per directory.
struct DirCache<T>(Mutex<HashMap<PathBuf, Loaded<T>>>);

impl<T> Default for DirCache<T> {
    fn default() -> Self {
        DirCache(Mutex::default())
    }
}

impl<T> DirCache<T> {
    fn get(
        &self,
        file: &Path,
        find: impl FnOnce(&Path) -> Option<PathBuf>,
        load: impl FnOnce(&Path) -> Result<T, String>,
    ) -> Loaded<T> {
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let mut cache = self.0.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(dir)
            .or_insert_with_key(|dir| find(dir).map(|p| load(&p).map(Arc::new)).transpose())
            .clone()
    }
}

/// A 1-based line and column (in characters), and the column in bytes as compilers count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: u32,
    pub column: u32,
    pub byte_column: u32,
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
    /// What the user is told but does not fail the run: skipped, invalid UTF-8 replaced, and
    /// where the analysis stopped short (the file cut at its size limit, syntax errors, budgets).
    pub notes: Vec<String>,
    /// Why the file must not be rewritten: its text is not its bytes (invalid bytes replaced,
    /// decoded from UTF-16).
    pub not_rewritable: Option<String>,
}

/// Analyses every file; reports come in path order.
pub fn lint(sources: &[SourceFile], contexts: &Contexts, progress: &Progress) -> Vec<FileReport> {
    let reports = sources
        .par_iter()
        .map(|source| {
            let report = lint_file(source, contexts);
            progress.inc();
            report
        })
        .collect();
    progress.finish();
    reports
}

fn lint_file(source: &SourceFile, contexts: &Contexts) -> FileReport {
    let (mut report, analysed) = analyze_file(source, contexts);
    if let Some((analysis, settings)) = analysed {
        report.findings = findings(&analysis, &settings);
    }
    report
}

/// Reads a file and, when it mentions MPI at all, analyses it as its settings say. The report
/// has the text, or the error or note that kept the file from being analysed; no findings yet.
pub fn analyze_file(
    source: &SourceFile,
    contexts: &Contexts,
) -> (FileReport, Option<(Analysis, FileSettings)>) {
    let mut report = FileReport {
        path: source.path.clone(),
        text: String::new(),
        findings: Vec::new(),
        error: None,
        notes: Vec::new(),
        not_rewritable: None,
    };
    let text = match files::read(&source.path) {
        Ok(text) => {
            report.notes.extend(files::lossy_note(&source.path, &text));
            report.not_rewritable = files::not_rewritable(&text);
            text.into_string()
        }
        Err(NotRead::Error(e)) => {
            report.error = Some(e);
            return (report, None);
        }
        Err(NotRead::Skipped(note)) => {
            report.notes.push(note);
            return (report, None);
        }
    };
    let mut analysed = None;
    if files::mentions_mpi(text.as_bytes()) {
        match contexts.for_file(&source.path) {
            Ok(settings) => {
                let analysis =
                    settings.analyze(reanalyze, None, &text, source.language, &source.path);
                report.notes.extend(located_notes(&source.path, &analysis));
                analysed = Some((analysis, settings));
            }
            Err(e) => report.error = Some(e),
        }
    }
    report.text = text;
    (report, analysed)
}

/// The analysis's notes, each once, as `path:line:column: message`.
fn located_notes(path: &std::path::Path, analysis: &Analysis) -> Vec<String> {
    let shown = files::display_path(path);
    let mut notes: Vec<String> = Vec::new();
    for note in &analysis.notes {
        let at = position(&analysis.line_index, note.span.start);
        let line = format!("{shown}:{}:{}: {}", at.line, at.column, note.message);
        if !notes.contains(&line) {
            notes.push(line);
        }
    }
    notes
}

/// Analyses one text as the file at `source` and runs the selected rules.
pub fn lint_text(source: &SourceFile, text: &str, settings: &FileSettings) -> Vec<Finding> {
    let analysis = settings.analyze(reanalyze, None, text, source.language, &source.path);
    findings(&analysis, settings)
}

/// The selected rules' findings on one analysis.
fn findings(analysis: &Analysis, settings: &FileSettings) -> Vec<Finding> {
    let index = &analysis.line_index;
    settings
        .check(analysis)
        .into_iter()
        .map(|d| finding(d, index))
        .collect()
}

fn finding(d: Diagnostic, index: &LineIndex) -> Finding {
    let locate = |span: Span| Located {
        start: position(index, span.start),
        end: position(index, span.end),
    };
    Finding {
        rule: d.rule,
        severity: d.severity,
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
        byte_column: index.line_column(offset, PositionEncoding::Utf8).column + 1,
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
