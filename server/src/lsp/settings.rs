//! Where a document's settings come from: what the client sends (`initializationOptions`,
//! `workspace/didChangeConfiguration`), which is over the `.mpi-dtype-lint.toml` nearest the
//! file as the command line's flags are over it; and, as on the command line, the `-I`, `-D`
//! and kind flags the nearest `compile_commands.json` gives the file. They combine in
//! [`crate::settings::FileSettings`], as on the command line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use serde::Deserialize;
use serde_json::Value;

use crate::compile_db::{CompileDb, FileFlags};
use crate::config::Config;
use crate::settings::Overrides;

/// The client's settings, as JSON: `{"target": "i686-linux-gnu", "mpi": "mpich",
/// "select": [...], "ignore": [...]}`, optionally under a `mpi-dtype-lint` key.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClientSettings {
    target: Option<String>,
    mpi: Option<String>,
    select: Option<Vec<String>>,
    #[serde(default)]
    ignore: Vec<String>,
}

const SECTION: &str = "mpi-dtype-lint";

/// Reads the client's settings; `null` is the defaults. An error names the bad value.
pub fn client_overrides(value: &Value) -> Result<Overrides, String> {
    let value = value.get(SECTION).unwrap_or(value);
    if value.is_null() {
        return Ok(Overrides::default());
    }
    let raw = RawClientSettings::deserialize(value).map_err(|e| e.to_string())?;
    let rules = Overrides {
        select: raw.select,
        ignore: raw.ignore,
        ..Overrides::default()
    };
    rules.check_rule_ids()?;
    Ok(Overrides {
        target: raw.target.as_deref().map(str::parse).transpose()?,
        model: raw.mpi.as_deref().map(str::parse).transpose()?,
        ..rules
    })
}

/// The configuration file for a document on disk: the nearest one, the default when there is
/// none, an error when it is invalid.
pub fn config_for(path: Option<&Path>) -> Result<Config, String> {
    let Some(dir) = path.and_then(Path::parent) else {
        return Ok(Config::default());
    };
    match Config::find(dir) {
        Some(file) => Config::load(&file),
        None => Ok(Config::default()),
    }
}

/// The compilation databases read so far, by path, each with the modification time it was
/// read at: a database is read again only when it changes on disk.
#[derive(Default)]
pub struct CompileDbs(Mutex<HashMap<PathBuf, LoadedDb>>);

type LoadedDb = (Option<SystemTime>, Result<Arc<CompileDb>, String>);

impl CompileDbs {
    /// The flags the `compile_commands.json` nearest the document at `path` gives it (none when
    /// there is no database or it does not list the file), and the error reading the database,
    /// the first time it is read in that state.
    pub fn flags_for(&self, path: Option<&Path>) -> (FileFlags, Option<String>) {
        let Some((file, database)) = path.and_then(|p| Some((p, CompileDb::find(p.parent()?)?)))
        else {
            return (FileFlags::default(), None);
        };
        let modified = std::fs::metadata(&database).and_then(|m| m.modified()).ok();
        let mut loaded = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut fresh_error = None;
        let (_, db) = loaded
            .entry(database.clone())
            .and_modify(|entry| {
                if entry.0 != modified {
                    *entry = (modified, CompileDb::load(&database).map(Arc::new));
                    fresh_error = entry.1.as_ref().err().cloned();
                }
            })
            .or_insert_with(|| {
                let db = CompileDb::load(&database).map(Arc::new);
                fresh_error = db.as_ref().err().cloned();
                (modified, db)
            });
        let flags = db
            .as_ref()
            .ok()
            .and_then(|db| db.flags(file).cloned())
            .unwrap_or_default();
        (flags, fresh_error)
    }
}
