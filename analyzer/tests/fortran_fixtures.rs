//! The Fortran fixtures in testdata/fortran, evaluated statically and compared with what MPICH
//! and Open MPI compute when the same code runs (the comparison and the annotations:
//! fixture_suite/mod.rs). Each fixture is built with `mpif90.mpich`, resp. `mpif90.openmpi`, and
//! linked with testdata/oracle/record_fortran.c, which prints the values of every datatype a
//! constructor call makes with the call's return address; addr2line turns the address into the
//! line gfortran gives the call (the last line of its statement), and the call is the statement
//! that line belongs to.
//!
//! Annotations are comments on a line of the call's statement or on the comment lines right
//! after it: `! unknown: REASON` when the code fixes the value, `! unknowable: REASON` when the
//! run decides it (in fixed form, a comment line `C     unknown: REASON` or `!     ...` too).
//! The reason is the rest of that line.
//!
//! Fixtures are compiled with `-Wall` and must compile without warnings, except the argument
//! mismatches the MPI-1 style bindings cause (one choice buffer passed as a REAL and as an
//! INTEGER in one file), which gfortran reports as warnings under `-fallow-argument-mismatch`
//! (MPICH's wrapper adds it, Open MPI's does not). `-std=legacy` admits what legacy code does
//! and a standard version of gfortran only deletes (a DO loop ending on an assignment).
//!
//! Environment: `FORTRAN_FIXTURES_ONLY=WORD` runs only the fixtures whose file name contains
//! WORD.

mod fixture_suite;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use analyzer::source::{FortranForm, Language};
use fixture_suite::{testdata, values, Annotations, Fixture, Kind, Lib, Recorded};

/// The Fortran suite; the recorder is compiled once per library.
#[derive(Default)]
struct FortranSuite {
    recorders: [OnceLock<Result<PathBuf, String>>; 2],
}

impl FortranSuite {
    /// record_fortran.c compiled with `lib`'s C compiler, into `dir`.
    fn recorder(&self, lib: Lib, dir: &Path) -> Result<PathBuf, String> {
        let (slot, cc) = match lib {
            Lib::Mpich => (&self.recorders[0], "mpicc.mpich"),
            Lib::OpenMpi => (&self.recorders[1], "mpicc.openmpi"),
        };
        slot.get_or_init(|| {
            let object = dir.join("record_fortran.o");
            let out = Command::new(cc)
                .args(["-Wall", "-Werror", "-c", "-o"])
                .arg(&object)
                .arg(testdata().join("oracle/record_fortran.c"))
                .output()
                .map_err(|e| format!("cannot run {cc}: {e}"))?;
            if !out.status.success() {
                return Err(format!(
                    "record_fortran.c does not compile with {cc}:\n{}",
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            Ok(object)
        })
        .clone()
    }
}

/// A warning gfortran gives a correct program that passes one choice buffer of an MPI routine
/// without an explicit interface as two different types.
fn is_binding_mismatch(warning: &str) -> bool {
    warning.contains("mismatch between actual argument")
}

impl fixture_suite::Suite for FortranSuite {
    const LANGUAGE: &'static str = "Fortran";
    const FOLDER: &'static str = "fortran";
    const ONLY: &'static str = "FORTRAN_FIXTURES_ONLY";

    fn compiler(&self, lib: Lib) -> &'static str {
        match lib {
            Lib::Mpich => "mpif90.mpich",
            Lib::OpenMpi => "mpif90.openmpi",
        }
    }

    fn is_fixture(&self, path: &Path) -> bool {
        matches!(Language::from_path(path), Some(Language::Fortran { .. }))
    }

    fn build(&self, fixture: &Fixture, lib: Lib, dir: &Path) -> Result<PathBuf, String> {
        let recorder = self.recorder(lib, dir)?;
        // A directory of its own: gfortran writes the fixture's .mod files where it runs.
        let stem = fixture.path.file_stem().unwrap();
        let work = dir.join(stem);
        std::fs::create_dir_all(&work).expect("scratch dir");
        let exe = work.join(stem);
        let out = Command::new(self.compiler(lib))
            .args([
                "-g",
                "-O0",
                "-no-pie",
                "-Wall",
                "-std=legacy",
                "-fno-automatic",
            ])
            .arg("-fallow-argument-mismatch")
            .arg("-o")
            .arg(&exe)
            .arg(&fixture.path)
            .arg(&recorder)
            .arg("-ldl")
            .current_dir(&work)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.compiler(lib)))?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        let warned = stderr
            .lines()
            .any(|l| l.starts_with("Warning:") && !is_binding_mismatch(l));
        if !out.status.success() || warned {
            return Err(format!(
                "{} does not compile cleanly with {} -Wall:\n{stderr}",
                fixture.name,
                self.compiler(lib),
            ));
        }
        Ok(exe)
    }

    /// `ORACLE_F <address> size=<n> lb=<n> extent=<n> true_lb=<n> true_extent=<n>`, the
    /// address turned into the first line of the call's statement.
    fn parse(&self, fixture: &Fixture, exe: &Path, stdout: &str) -> Result<Recorded, String> {
        let mut calls = Vec::new();
        for line in stdout.lines() {
            let Some(rest) = line.strip_prefix("ORACLE_F ") else {
                continue;
            };
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let (address, v) = match fields.split_first() {
                Some((address, tail)) => (address, values(tail)),
                None => (&"", None),
            };
            let address = u64::from_str_radix(address.trim_start_matches("0x"), 16)
                .map_err(|_| format!("no address in {line:?}"))?;
            let v = v.ok_or_else(|| format!("the library reported an error: {line}"))?;
            // The return address is just past the call instruction.
            calls.push((format!("{:#x}", address - 1), v));
        }
        let mut recorded = Recorded::new();
        if calls.is_empty() {
            return Ok(recorded);
        }
        let out = Command::new("addr2line")
            .arg("-e")
            .arg(exe)
            .args(calls.iter().map(|(address, _)| address))
            .output()
            .map_err(|e| format!("cannot run addr2line: {e}"))?;
        let located = String::from_utf8_lossy(&out.stdout);
        let starts = statement_starts(&fixture.text, form(fixture.language));
        for ((_, v), location) in calls.into_iter().zip(located.lines()) {
            // `FILE:LINE` or `FILE:LINE (discriminator N)`.
            let (file, line) = location
                .split_whitespace()
                .next()
                .and_then(|l| l.rsplit_once(':'))
                .ok_or_else(|| format!("addr2line gave {location:?}"))?;
            let line: u32 = line
                .parse()
                .map_err(|_| format!("addr2line gave {location:?}"))?;
            if !file.ends_with(&fixture.name) {
                return Err(format!("a constructor called from {file}:{line}"));
            }
            let start = starts.get(&line).copied().unwrap_or(line);
            if !calls_a_datatype_routine(fixture, &starts, start) {
                return Err(format!(
                    "gfortran put a constructor call on line {line}, in no CALL MPI_TYPE_... \
                     statement"
                ));
            }
            recorded.entry((start, String::new())).or_default().push(v);
        }
        Ok(recorded)
    }

    /// `! unknown: REASON` and `! unknowable: REASON` (in fixed form also after a `C` or `*` in
    /// column 1), on a line of the call's statement or on the comment lines right after it.
    fn annotations(&self, fixture: &Fixture) -> Annotations {
        let starts = statement_starts(&fixture.text, form(fixture.language));
        let mut found = Annotations::new();
        for (number, line) in (1..).zip(fixture.text.lines()) {
            for kind in Kind::ALL {
                let marker = format!("{}:", kind.marker());
                let Some(comment) = comment_of(line, form(fixture.language)) else {
                    continue;
                };
                if let Some(reason) = comment.trim_start().strip_prefix(&marker) {
                    let call = starts.get(&number).copied().unwrap_or(number);
                    let reason = reason.split_whitespace().collect::<Vec<_>>().join(" ");
                    found.insert(call, (kind, reason));
                }
            }
        }
        found
    }

    fn annotation(&self, kind: Kind) -> String {
        format!("! {}: REASON", kind.marker())
    }
}

fn form(language: Language) -> FortranForm {
    match language {
        Language::Fortran { form, .. } => form,
        Language::C => unreachable!("a Fortran fixture"),
    }
}

/// The text of a line's comment, without its `!` (or fixed form's `C`/`*` in column 1).
fn comment_of(line: &str, form: FortranForm) -> Option<&str> {
    if form == FortranForm::Fixed && line.starts_with(['C', 'c', '*']) {
        return Some(&line[1..]);
    }
    let mut quote = None;
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '!') => return Some(&line[at + 1..]),
            _ => {}
        }
    }
    None
}

/// Whether the statement that starts on line `start` names an `MPI_TYPE_` routine (outside
/// comments).
fn calls_a_datatype_routine(fixture: &Fixture, starts: &BTreeMap<u32, u32>, start: u32) -> bool {
    let form = form(fixture.language);
    (1..)
        .zip(fixture.text.lines())
        .filter(|(n, _)| starts.get(n) == Some(&start))
        .any(|(_, line)| {
            code_of(line, form)
                .to_ascii_lowercase()
                .contains("mpi_type_")
        })
}

/// A line without its comment.
fn code_of(line: &str, form: FortranForm) -> &str {
    match comment_of(line, form) {
        Some(comment) => &line[..line.len() - comment.len() - 1],
        None => line,
    }
}

/// Every line -> the first line of the statement it belongs to. Comment, blank and `#` lines
/// belong to the statement before them (so that a call's annotation may follow it).
fn statement_starts(text: &str, form: FortranForm) -> BTreeMap<u32, u32> {
    let mut starts = BTreeMap::new();
    let mut start = None;
    let mut open = false;
    for (number, line) in (1..).zip(text.lines()) {
        let code = code_of(line, form).trim_end();
        if code.trim().is_empty() || code.trim_start().starts_with('#') {
            if let Some(first) = start {
                starts.insert(number, first);
            }
            continue;
        }
        let continued = match form {
            FortranForm::Free => open,
            FortranForm::Fixed => {
                let mut columns = code.chars();
                columns.by_ref().take(5).all(|c| c == ' ')
                    && columns.next().is_some_and(|c| c != ' ' && c != '0')
            }
        };
        if !continued || start.is_none() {
            start = Some(number);
        }
        open = form == FortranForm::Free && code.ends_with('&');
        starts.insert(number, start.unwrap_or(number));
    }
    starts
}

#[test]
fn fixture_values_match_mpich_and_open_mpi() {
    fixture_suite::run(&FortranSuite::default());
}
