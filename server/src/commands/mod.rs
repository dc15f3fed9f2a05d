//! The subcommands.

mod fix;
pub mod lint;
pub mod rules;
pub mod types;

use crate::files::Walk;
use crate::lint::FileReport;

/// What a run tells on stderr besides its output.
pub struct Problems {
    /// Failing the run (exit status 2).
    pub errors: Vec<String>,
    pub notes: Vec<String>,
}

impl Problems {
    /// The walk's, then each file's, each error once (a bad configuration file is named by
    /// every file below it).
    pub fn of(walk: Walk, reports: &[FileReport]) -> Problems {
        let Walk {
            mut errors,
            mut notes,
            ..
        } = walk;
        for e in reports.iter().filter_map(|r| r.error.as_ref()) {
            if !errors.contains(e) {
                errors.push(e.clone());
            }
        }
        notes.extend(reports.iter().flat_map(|r| r.notes.iter().cloned()));
        Problems { errors, notes }
    }

    /// Tells the notes (unless `quiet`) and the errors on stderr.
    pub fn tell(&self, quiet: bool) {
        if !quiet {
            for note in &self.notes {
                eprintln!("mpi-dtype-lint: note: {note}");
            }
        }
        for e in &self.errors {
            eprintln!("mpi-dtype-lint: {e}");
        }
    }
}
