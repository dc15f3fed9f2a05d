//! How one file is analysed and checked: what the command line or the editor asks for, over the
//! file's `.mpi-dtype-lint.toml` and the flags its compile command gives. The one place both
//! front ends turn these into analysis options, a rule selection and severities.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use analyzer::analysis::{Analysis, AnalysisOptions};
use analyzer::checks::{self, Diagnostic, RuleSelection, Severity};
use analyzer::dtype::MpiModel;
use analyzer::layout::Target;
use analyzer::source::Language;
use analyzer::syntax::IncludeResolver;

use crate::compile_db::FileFlags;
use crate::config::Config;
use crate::files::Includes;
use crate::modules::ModuleIndex;

/// The analysis entry point: `analyzer::analysis::reanalyze` (with the analysis of the text's
/// previous version, if any), or a stand-in in tests.
pub type AnalyzeFn =
    fn(Option<&Analysis>, &str, Language, &AnalysisOptions, &mut dyn IncludeResolver) -> Analysis;

/// What the command line (`--target`, `--mpi`, `--select`, `--ignore`) or the editor's settings
/// ask for; each wins over the configuration file.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    pub target: Option<Target>,
    pub model: Option<MpiModel>,
    pub select: Option<Vec<String>>,
    pub ignore: Vec<String>,
}

impl Overrides {
    /// `Err` names the first id selected or ignored that is no rule.
    pub fn check_rule_ids(&self) -> Result<(), String> {
        match self
            .select
            .iter()
            .flatten()
            .chain(&self.ignore)
            .find(|id| !is_rule_id(id))
        {
            Some(id) => Err(format!("no rule `{id}`")),
            None => Ok(()),
        }
    }
}

/// A rule's id, or `all`.
pub fn is_rule_id(id: &str) -> bool {
    id == "all" || checks::rule(id).is_some()
}

/// Everything one file's analysis and checks need.
#[derive(Clone, Debug)]
pub struct FileSettings {
    options: AnalysisOptions,
    include_paths: Vec<PathBuf>,
    selection: RuleSelection,
    severities: BTreeMap<String, Severity>,
    /// The tree's modules, for the files `USE`s.
    modules: Option<Arc<ModuleIndex>>,
}

impl FileSettings {
    /// The overrides over the configuration and the compile command's flags, for the file at
    /// `path` (`None` for a document not on disk, which no `per-file-ignores` pattern matches).
    pub fn new(
        overrides: &Overrides,
        config: &Config,
        flags: &FileFlags,
        path: Option<&Path>,
    ) -> FileSettings {
        let (options, include_paths) =
            flags.analysis_options(config, overrides.target, overrides.model);
        let mut ignore = overrides.ignore.clone();
        ignore.extend(config.ignore.iter().cloned());
        ignore.extend(path.map(|p| config.ignored_for(p)).unwrap_or_default());
        FileSettings {
            options,
            include_paths,
            selection: RuleSelection {
                select: overrides.select.clone().or(config.select.clone()),
                ignore,
            },
            severities: config.severity.clone(),
            modules: None,
        }
    }

    /// The same, finding the modules a file uses in `modules`.
    pub fn with_modules(mut self, modules: Option<Arc<ModuleIndex>>) -> FileSettings {
        self.modules = modules;
        self
    }

    /// Analyses `text` as the file at `path` (whose previous version `previous` analysed):
    /// includes resolve next to it, then on the include paths; modules by the index.
    pub fn analyze(
        &self,
        analyze: AnalyzeFn,
        previous: Option<&Analysis>,
        text: &str,
        language: Language,
        path: &Path,
    ) -> Analysis {
        let mut includes =
            Includes::new(path, &self.include_paths).with_modules(self.modules.clone());
        analyze(previous, text, language, &self.options, &mut includes)
    }

    /// The selected rules' findings, each with the severity the configuration gives its rule.
    pub fn check(&self, analysis: &Analysis) -> Vec<Diagnostic> {
        let mut diagnostics = checks::check(analysis, &self.selection);
        for d in &mut diagnostics {
            // A rule's own entry wins over `all`.
            let severity = self
                .severities
                .get(d.rule.id)
                .or_else(|| self.severities.get("all"));
            if let Some(&severity) = severity {
                d.severity = severity;
            }
        }
        diagnostics
    }
}
