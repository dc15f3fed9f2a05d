//! `.mpi-dtype-lint.toml`: found by walking up from each file (or given with `--config`).
//! Unknown keys and bad values are errors that name the file, the line and the key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use analyzer::checks::{self, Severity};
use analyzer::dtype::MpiModel;
use analyzer::layout::Target;
use analyzer::source::FortranFormOverride;
use serde::Deserialize;

pub const FILE_NAME: &str = ".mpi-dtype-lint.toml";

/// The file as written.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    target: Option<String>,
    mpi: Option<String>,
    select: Option<Vec<String>>,
    #[serde(default)]
    ignore: Vec<String>,
    #[serde(default)]
    per_file_ignores: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    severity: BTreeMap<String, String>,
    #[serde(default)]
    c: RawC,
    #[serde(default)]
    fortran: RawFortran,
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
    form: Option<String>,
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
}

impl Config {
    /// Reads and validates a configuration file.
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Config::parse(&text, path)
    }

    pub fn parse(text: &str, path: &Path) -> Result<Config, String> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            let at = e
                .span()
                .map(|s| {
                    let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                    format!(":{line}")
                })
                .unwrap_or_default();
            format!("{}{at}: {}", path.display(), e.message())
        })?;
        let bad = |key: &str, value: &str, why: String| {
            let line = text
                .lines()
                .position(|l| l.trim_start().starts_with(key))
                .map_or(String::new(), |i| format!(":{}", i + 1));
            format!("{}{line}: `{key}`: `{value}`: {why}", path.display())
        };
        let rule_ids = |key: &str, ids: &[String]| -> Result<Vec<String>, String> {
            for id in ids {
                if id != "all" && checks::rule(id).is_none() {
                    return Err(bad(
                        key,
                        id,
                        "no such rule (see `mpi-dtype-lint rules`)".into(),
                    ));
                }
            }
            Ok(ids.to_vec())
        };
        let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut config = Config {
            root: root.clone(),
            ..Config::default()
        };
        if let Some(t) = &raw.target {
            config.target = Some(t.parse().map_err(|e: String| bad("target", t, e))?);
        }
        if let Some(m) = &raw.mpi {
            config.model = Some(m.parse().map_err(|e: String| bad("mpi", m, e))?);
        }
        if let Some(select) = &raw.select {
            config.select = Some(rule_ids("select", select)?);
        }
        config.ignore = rule_ids("ignore", &raw.ignore)?;
        for (pattern, ids) in &raw.per_file_ignores {
            let glob = globset::Glob::new(pattern)
                .map_err(|e| bad(pattern, pattern, e.to_string()))?
                .compile_matcher();
            config
                .per_file_ignores
                .push((glob, rule_ids(pattern, ids)?));
        }
        for (id, level) in &raw.severity {
            rule_ids(id, std::slice::from_ref(id))?;
            let severity = match level.as_str() {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "info" => Severity::Info,
                _ => return Err(bad(id, level, "expected error, warning or info".into())),
            };
            config.severity.insert(id.clone(), severity);
        }
        config.include_paths = raw.c.include_paths.iter().map(|p| root.join(p)).collect();
        config.defines = raw.c.defines.iter().map(|d| parse_define(d)).collect();
        config.fortran_form = match raw.fortran.form.as_deref() {
            None => FortranFormOverride::default(),
            Some("fixed") => FortranFormOverride::Fixed,
            Some("free") => FortranFormOverride::Free,
            Some(other) => return Err(bad("form", other, "expected fixed or free".into())),
        };
        Ok(config)
    }

    /// The nearest configuration file at or above `dir`.
    pub fn find(dir: &Path) -> Option<PathBuf> {
        dir.ancestors()
            .map(|d| d.join(FILE_NAME))
            .find(|p| p.is_file())
    }

    /// Rules ignored for one file by `per-file-ignores`.
    pub fn ignored_for(&self, file: &Path) -> Vec<String> {
        let relative = file.strip_prefix(&self.root).unwrap_or(file);
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
