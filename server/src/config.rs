//! `.mpi-dtype-lint.toml`: found by walking up from each file (or given with `--config`).
//! Unknown keys and bad values are errors that name the file, the line and the key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use analyzer::analysis::AnalysisOptions;
use analyzer::checks::Severity;
use analyzer::dtype::MpiModel;
use analyzer::layout::{FortranKinds, Target};
use analyzer::source::{FortranFormOverride, Language};
use analyzer::syntax::c::COptions;
use serde::Deserialize;
use toml::Spanned;

use crate::settings::is_rule_id;

pub const FILE_NAME: &str = ".mpi-dtype-lint.toml";

type Text = Spanned<String>;
type Number = Spanned<i64>;

/// The file as written, with where each value stands for the error messages.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    target: Option<Text>,
    mpi: Option<Text>,
    select: Option<Vec<Text>>,
    #[serde(default)]
    ignore: Vec<Text>,
    #[serde(default)]
    per_file_ignores: BTreeMap<Text, Vec<Text>>,
    #[serde(default)]
    severity: BTreeMap<Text, Text>,
    #[serde(default)]
    c: RawC,
    #[serde(default)]
    fortran: RawFortran,
    /// Extension (without the dot) to language name.
    #[serde(default)]
    extensions: BTreeMap<Text, Text>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawC {
    #[serde(default)]
    include_paths: Vec<PathBuf>,
    #[serde(default)]
    defines: Vec<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawFortran {
    form: Option<Text>,
    default_integer_kind: Option<Number>,
    default_real_kind: Option<Number>,
    default_double_kind: Option<Number>,
}

/// A validated configuration.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The directory the file is in: relative paths and globs are relative to it.
    pub root: PathBuf,
    pub target: Option<Target>,
    pub model: Option<MpiModel>,
    pub select: Option<Vec<String>>,
    pub ignore: Vec<String>,
    pub per_file_ignores: Vec<(globset::GlobMatcher, Vec<String>)>,
    pub severity: BTreeMap<String, Severity>,
    pub include_paths: Vec<PathBuf>,
    pub defines: Vec<(String, Option<String>)>,
    pub fortran_form: FortranFormOverride,
    /// `[fortran] default-*-kind`: gfortran's `-fdefault-*-8`.
    pub fortran_kinds: FortranKinds,
    /// `[extensions]`: languages of extensions, over the built-in ones.
    pub extensions: BTreeMap<String, Language>,
}

/// Builds `file:line: `key`: message` errors for one configuration text.
struct Errors<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Errors<'_> {
    fn line(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())]
            .matches('\n')
            .count()
            + 1
    }

    /// A bad value of `key`, at the value.
    fn value<T: std::fmt::Display>(&self, key: &str, value: &Spanned<T>, why: &str) -> String {
        format!(
            "{}:{}: `{key}`: `{}`: {why}",
            crate::files::display_path(self.path),
            self.line(value.span().start),
            value.get_ref()
        )
    }

    /// A TOML or shape error from the parser: the key is the one the offending line assigns.
    fn parse(&self, error: &toml::de::Error) -> String {
        let Some(span) = error.span() else {
            return format!(
                "{}: {}",
                crate::files::display_path(self.path),
                error.message()
            );
        };
        let line = self.line(span.start);
        let key = self
            .text
            .lines()
            .nth(line - 1)
            .and_then(|l| l.split_once('='))
            .map(|(key, _)| key.trim().trim_matches('"'))
            .filter(|key| !key.is_empty())
            .map_or(String::new(), |key| format!("`{key}`: "));
        format!(
            "{}:{line}: {key}{}",
            crate::files::display_path(self.path),
            error.message().trim_end()
        )
    }

    /// The ids that name rules; each other one is a problem. A list whose every id is wrong
    /// is `None`: as `select`, an empty list would turn every rule off.
    fn rule_ids(&self, key: &str, ids: &[Text], problems: &mut Vec<String>) -> Option<Vec<String>> {
        let mut valid = Vec::new();
        for id in ids {
            if is_rule_id(id.get_ref()) {
                valid.push(id.get_ref().clone());
            } else {
                problems.push(self.value(key, id, "no such rule (see `mpi-dtype-lint rules`)"));
            }
        }
        (!valid.is_empty() || ids.is_empty()).then_some(valid)
    }

    /// The file as written, every part the parser accepts: a line it rejects is read as blank
    /// (a rejected table header, its whole table), and the rest read again, a few times at most;
    /// `None` when no part of it is used.
    fn raw(&self, problems: &mut Vec<String>) -> Option<RawConfig> {
        // Blanked with spaces: the parser's offsets stay those of the file.
        let mut lines: Vec<String> = self.text.split('\n').map(str::to_owned).collect();
        for _ in 0..MAX_REREADS {
            let error = match toml::from_str(&lines.join("\n")) {
                Ok(raw) => return Some(raw),
                Err(error) => error,
            };
            problems.push(self.parse(&error));
            let span = error.span()?;
            let line = self.line(span.start) - 1;
            let is_header = lines
                .get(line)
                .is_some_and(|l| l.trim_start().starts_with('['));
            let end = if is_header {
                (line + 1..lines.len())
                    .find(|&l| lines[l].trim_start().starts_with('['))
                    .unwrap_or(lines.len())
            } else {
                (line + 1).min(lines.len())
            };
            // Nothing left to take out (an error at the end of the file): no part is valid.
            let rejected = lines.get_mut(line..end)?;
            if rejected.iter().all(|l| l.trim().is_empty()) {
                return None;
            }
            for l in rejected {
                *l = " ".repeat(l.len());
            }
        }
        problems.push(format!(
            "{}: more than {MAX_REREADS} errors",
            crate::files::display_path(self.path)
        ));
        None
    }

    /// A value parsed, or `None` and a problem at it.
    fn parsed<T: std::str::FromStr<Err = String>>(
        &self,
        key: &str,
        value: Option<&Text>,
        problems: &mut Vec<String>,
    ) -> Option<T> {
        let value = value?;
        value
            .get_ref()
            .parse()
            .map_err(|e: String| problems.push(self.value(key, value, &e)))
            .ok()
    }

    /// A kind of `[fortran]`: one of `allowed`, or a problem at the value.
    fn kind(
        &self,
        key: &str,
        value: Option<&Number>,
        allowed: &[u32],
        problems: &mut Vec<String>,
    ) -> Option<u32> {
        let value = value?;
        match u32::try_from(*value.get_ref()) {
            Ok(kind) if allowed.contains(&kind) => Some(kind),
            _ => {
                let names: Vec<String> = allowed.iter().map(u32::to_string).collect();
                let why = format!("expected {}", names.join(" or "));
                problems.push(self.value(&format!("fortran.{key}"), value, &why));
                None
            }
        }
    }

    /// `[extensions]`: extensions without the dot, languages by name.
    fn extensions(
        &self,
        raw: &BTreeMap<Text, Text>,
        problems: &mut Vec<String>,
    ) -> BTreeMap<String, Language> {
        let mut extensions = BTreeMap::new();
        for (extension, name) in raw {
            let key = format!("extensions.{}", extension.get_ref());
            // A path's extension never has a dot: `.inc` or `tar.gz` would match nothing.
            if extension.get_ref().is_empty() || extension.get_ref().contains('.') {
                let why = "expected an extension without the dot, such as `inc`";
                problems.push(self.value(&key, extension, why));
                continue;
            }
            let Some(language) = Language::from_name(name.get_ref()) else {
                let names: Vec<&str> = Language::NAMES.iter().map(|(n, _)| *n).collect();
                let why = format!("expected {}", names.join(", "));
                problems.push(self.value(&key, name, &why));
                continue;
            };
            extensions.insert(extension.get_ref().clone(), language);
        }
        extensions
    }
}

/// How many times a wrong file is read again without the part the parser rejected.
const MAX_REREADS: usize = 16;

/// A configuration file is a few lines; one this large is not one.
const MAX_CONFIG_BYTES: usize = 1 << 20;

impl Config {
    /// Reads and validates a configuration file.
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = crate::files::read_text(path, MAX_CONFIG_BYTES)?;
        Config::parse(&text, path)
    }

    /// A valid configuration, or the first problem of the file.
    pub fn parse(text: &str, path: &Path) -> Result<Config, String> {
        let (config, problems) = Config::parse_keeping(text, path);
        match problems.into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(config),
        }
    }

    /// Reads and validates a configuration file, keeping the valid parts of a wrong one (the
    /// editor's way: one typo must not turn the whole file off). Its problems, in file order
    /// within each kind (the parser's first).
    /// Each problem says what became of the file.
    pub fn load_keeping(path: &Path) -> (Config, Vec<String>) {
        let text = match crate::files::read_text(path, MAX_CONFIG_BYTES) {
            Ok(text) => text,
            Err(e) => return (Config::default(), vec![format!("{e}; using defaults")]),
        };
        let (config, problems, used) = Config::parse_kept(&text, path);
        let outcome = if used {
            "the rest of the file is used"
        } else {
            "the file is not used"
        };
        let problems = problems.into_iter().map(|p| format!("{p}; {outcome}"));
        (config, problems.collect())
    }

    /// The configuration of the valid parts of `text`, and a problem for each other part.
    pub fn parse_keeping(text: &str, path: &Path) -> (Config, Vec<String>) {
        let (config, problems, _) = Config::parse_kept(text, path);
        (config, problems)
    }

    /// [`Config::parse_keeping`], and whether any part of the file is used.
    fn parse_kept(text: &str, path: &Path) -> (Config, Vec<String>, bool) {
        let errors = Errors { path, text };
        let mut problems = Vec::new();
        let raw = errors.raw(&mut problems);
        let used = raw.is_some();
        let raw = raw.unwrap_or_default();
        let problems = &mut problems;
        let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut config = Config {
            root: root.clone(),
            ..Config::default()
        };
        config.target = errors.parsed("target", raw.target.as_ref(), problems);
        config.model = errors.parsed("mpi", raw.mpi.as_ref(), problems);
        if let Some(select) = &raw.select {
            config.select = errors.rule_ids("select", select, problems);
        }
        config.ignore = errors
            .rule_ids("ignore", &raw.ignore, problems)
            .unwrap_or_default();
        for (pattern, ids) in &raw.per_file_ignores {
            let key = format!("per-file-ignores.{}", pattern.get_ref());
            match globset::Glob::new(pattern.get_ref()) {
                Ok(glob) => {
                    let ids = errors.rule_ids(&key, ids, problems).unwrap_or_default();
                    config.per_file_ignores.push((glob.compile_matcher(), ids));
                }
                Err(e) => problems.push(errors.value(&key, pattern, &e.to_string())),
            }
        }
        for (id, level) in &raw.severity {
            if errors
                .rule_ids("severity", std::slice::from_ref(id), problems)
                .is_none()
            {
                continue;
            }
            let severity = match level.get_ref().as_str() {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "info" => Severity::Info,
                _ => {
                    let key = format!("severity.{}", id.get_ref());
                    problems.push(errors.value(&key, level, "expected error, warning or info"));
                    continue;
                }
            };
            config.severity.insert(id.get_ref().clone(), severity);
        }
        config.include_paths = raw.c.include_paths.iter().map(|p| root.join(p)).collect();
        config.defines = raw.c.defines.iter().map(|d| parse_define(d)).collect();
        config.fortran_form = match raw.fortran.form.as_ref().map(|f| (f, f.get_ref().as_str())) {
            None => FortranFormOverride::default(),
            Some((_, "fixed")) => FortranFormOverride::Fixed,
            Some((_, "free")) => FortranFormOverride::Free,
            Some((form, _)) => {
                problems.push(errors.value("fortran.form", form, "expected fixed or free"));
                FortranFormOverride::default()
            }
        };
        let fortran = &raw.fortran;
        config.fortran_kinds = FortranKinds {
            integer: errors.kind(
                "default-integer-kind",
                fortran.default_integer_kind.as_ref(),
                &[4, 8],
                problems,
            ),
            real: errors.kind(
                "default-real-kind",
                fortran.default_real_kind.as_ref(),
                &[4, 8],
                problems,
            ),
            double: errors.kind(
                "default-double-kind",
                fortran.default_double_kind.as_ref(),
                &[8, 16],
                problems,
            ),
        };
        config.extensions = errors.extensions(&raw.extensions, problems);
        (config, std::mem::take(problems), used)
    }

    /// The language of a file: by `[extensions]`, else by the built-in extensions.
    pub fn language_for(&self, path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        self.extensions
            .get(extension)
            .copied()
            .or_else(|| Language::from_extension(extension))
    }

    /// The analysis options of this configuration under the command line's (or the editor's)
    /// target and model, which win over the file's.
    pub fn analysis_options(
        &self,
        target: Option<Target>,
        model: Option<MpiModel>,
    ) -> AnalysisOptions {
        AnalysisOptions {
            target: target.or(self.target).unwrap_or_default(),
            model: model.or(self.model).unwrap_or_default(),
            c: COptions {
                defines: self.defines.clone(),
                ..COptions::default()
            },
            fortran_form: self.fortran_form,
            fortran_kinds: self.fortran_kinds,
            ..AnalysisOptions::default()
        }
    }

    /// The nearest configuration file at or above `dir`.
    pub fn find(dir: &Path) -> Option<PathBuf> {
        crate::files::find_upwards(dir, FILE_NAME)
    }

    /// Rules ignored for one file by `per-file-ignores`.
    pub fn ignored_for(&self, file: &Path) -> Vec<String> {
        let file = crate::files::absolute(file);
        let root = crate::files::absolute(&self.root);
        let relative = file.strip_prefix(&root).unwrap_or(&file);
        self.per_file_ignores
            .iter()
            .filter(|(glob, _)| glob.is_match(relative))
            .flat_map(|(_, ids)| ids.iter().cloned())
            .collect()
    }
}

/// `NAME=VALUE` or `NAME`.
pub fn parse_define(d: &str) -> (String, Option<String>) {
    match d.split_once('=') {
        Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
        None => (d.to_owned(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the parser rejects (an unknown key, an unknown table and what is in it) and what
    /// the validation rejects (an id that is no rule) is left out; the rest is used.
    #[test]
    fn a_wrong_file_keeps_its_valid_parts() {
        let text = "ignore = [\"missing-commit\", \"no-such-rule\"]\ncolour = 1\n[no-such-table]\nx = 1\n[severity]\ntype-leak = \"error\"\nnope = \"error\"\n";
        let (config, problems) = Config::parse_keeping(text, Path::new("/p/.mpi-dtype-lint.toml"));
        assert_eq!(config.ignore, ["missing-commit"]);
        assert_eq!(
            config.severity,
            BTreeMap::from([("type-leak".to_owned(), Severity::Error)])
        );
        assert_eq!(
            problems,
            [
                "/p/.mpi-dtype-lint.toml:2: `colour`: unknown field `colour`, expected one of `target`, `mpi`, `select`, `ignore`, `per-file-ignores`, `severity`, `c`, `fortran`, `extensions`",
                "/p/.mpi-dtype-lint.toml:3: unknown field `no-such-table`, expected one of `target`, `mpi`, `select`, `ignore`, `per-file-ignores`, `severity`, `c`, `fortran`, `extensions`",
                "/p/.mpi-dtype-lint.toml:1: `ignore`: `no-such-rule`: no such rule (see `mpi-dtype-lint rules`)",
                "/p/.mpi-dtype-lint.toml:7: `severity`: `nope`: no such rule (see `mpi-dtype-lint rules`)",
            ]
        );
        // The command line takes the first problem as the error.
        assert_eq!(
            Config::parse(text, Path::new("/p/.mpi-dtype-lint.toml")).unwrap_err(),
            problems[0]
        );
    }
}
