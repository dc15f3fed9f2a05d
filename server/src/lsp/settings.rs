//! Where a document's settings come from: what the client sends (`initializationOptions`,
//! `workspace/didChangeConfiguration`), which is over the `.mpi-dtype-lint.toml` nearest the
//! file as the command line's flags are over it; and, as on the command line, the `-I`, `-D`
//! and kind flags the nearest `compile_commands.json` gives the file. They combine in
//! [`crate::settings::FileSettings`], as on the command line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use serde_json::Value;

use crate::compile_db::{CompileDb, FileFlags};
use crate::config::Config;
use crate::settings::{is_rule_id, Overrides};

const SECTION: &str = "mpi-dtype-lint";

/// Reads the client's settings, `{"target": "i686-linux-gnu", "mpi": "mpich", "select": [...],
/// "ignore": [...]}`, optionally under a `mpi-dtype-lint` key; `null` is the defaults. What is
/// wrong (an unknown key, a bad value, an id that is no rule) is left out and named in the
/// problems; the rest is used.
pub fn client_overrides(value: &Value) -> (Overrides, Vec<String>) {
    let value = value.get(SECTION).unwrap_or(value);
    let mut overrides = Overrides::default();
    let mut problems = Vec::new();
    let Some(fields) = value.as_object() else {
        if !value.is_null() {
            problems.push(format!("expected an object of settings, found `{value}`"));
        }
        return (overrides, problems);
    };
    for (key, value) in fields.iter().filter(|(_, v)| !v.is_null()) {
        match key.as_str() {
            "target" => overrides.target = parsed(key, value, &mut problems),
            "mpi" => overrides.model = parsed(key, value, &mut problems),
            "select" => overrides.select = rule_ids(key, value, &mut problems),
            "ignore" => overrides.ignore = rule_ids(key, value, &mut problems).unwrap_or_default(),
            _ => problems.push(format!(
                "unknown setting `{key}` (expected target, mpi, select or ignore)"
            )),
        }
    }
    (overrides, problems)
}

/// A string setting parsed, or `None` with a problem.
fn parsed<T: std::str::FromStr<Err = String>>(
    key: &str,
    value: &Value,
    problems: &mut Vec<String>,
) -> Option<T> {
    let Some(text) = value.as_str() else {
        problems.push(format!("`{key}`: expected a string, found `{value}`"));
        return None;
    };
    text.parse()
        .map_err(|e| problems.push(format!("`{key}`: {e}")))
        .ok()
}

/// The rule ids of a list; each other entry is a problem. A list whose every entry is wrong is
/// `None`: as `select`, an empty list would turn every rule off.
fn rule_ids(key: &str, value: &Value, problems: &mut Vec<String>) -> Option<Vec<String>> {
    let Some(entries) = value.as_array() else {
        problems.push(format!(
            "`{key}`: expected a list of rule ids, found `{value}`"
        ));
        return None;
    };
    let mut ids = Vec::new();
    for entry in entries {
        match entry.as_str() {
            Some(id) if is_rule_id(id) => ids.push(id.to_owned()),
            Some(id) => problems.push(format!("`{key}`: no rule `{id}`")),
            None => problems.push(format!("`{key}`: expected a rule id, found `{entry}`")),
        }
    }
    (!ids.is_empty() || entries.is_empty()).then_some(ids)
}

/// The configuration files read so far, by path, each read again when it changes on disk (or
/// when the client says so): its problems are told once per reading, not at every analysis.
#[derive(Default)]
pub struct Configs(Loaded<Config>);

impl Configs {
    /// The configuration for a document on disk: the nearest file's valid parts, the default
    /// when there is none; and the problems of the file, when it was read for this call.
    pub fn config_for(&self, path: Option<&Path>) -> (Arc<Config>, Vec<String>) {
        let Some(file) = path.and_then(Path::parent).and_then(Config::find) else {
            return (Arc::default(), Vec::new());
        };
        self.0.get(&file, Config::load_keeping)
    }

    pub fn forget(&self) {
        self.0.forget();
    }
}

/// What was read of a file, with the file's modification time then.
type Reading<T> = (Option<SystemTime>, Arc<T>);

/// Files read and kept with the modification time they were read at.
struct Loaded<T>(Mutex<HashMap<PathBuf, Reading<T>>>);

impl<T> Default for Loaded<T> {
    fn default() -> Self {
        Loaded(Mutex::default())
    }
}

impl<T> Loaded<T> {
    /// The file at `path` as `load` reads it, read again when it changed on disk since; the
    /// problems `load` found when it was read now.
    fn get(&self, path: &Path, load: impl Fn(&Path) -> (T, Vec<String>)) -> (Arc<T>, Vec<String>) {
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        let mut loaded = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((when, value)) = loaded.get(path) {
            if *when == modified {
                return (value.clone(), Vec::new());
            }
        }
        let (value, problems) = load(path);
        let value = Arc::new(value);
        loaded.insert(path.to_path_buf(), (modified, value.clone()));
        (value, problems)
    }

    /// Reads every file again at its next use.
    fn forget(&self) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// The compilation databases read so far, by path: a database is read again only when it
/// changes on disk (or the client says it did).
#[derive(Default)]
pub struct CompileDbs(Loaded<Option<CompileDb>>);

impl CompileDbs {
    /// The flags the `compile_commands.json` nearest the document at `path` gives it (none when
    /// there is no database or it does not list the file), and the error reading the database,
    /// the first time it is read in that state.
    pub fn flags_for(&self, path: Option<&Path>) -> (FileFlags, Option<String>) {
        let Some((file, database)) = path.and_then(|p| Some((p, CompileDb::find(p.parent()?)?)))
        else {
            return (FileFlags::default(), None);
        };
        let (db, problems) = self
            .0
            .get(&database, |database| match CompileDb::load(database) {
                Ok(db) => (Some(db), Vec::new()),
                Err(e) => (None, vec![e]),
            });
        let flags = db
            .as_ref()
            .as_ref()
            .and_then(|db| db.flags(file).cloned())
            .unwrap_or_default();
        (flags, problems.into_iter().next())
    }

    pub fn forget(&self) {
        self.0.forget();
    }
}
