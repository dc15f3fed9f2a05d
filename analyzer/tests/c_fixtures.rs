//! The C fixtures in testdata/c, evaluated statically and compared with what MPICH and Open MPI
//! compute when the same code runs (the comparison and the annotations: fixture_suite/mod.rs).
//! Each fixture is compiled with testdata/oracle/record.h force-included, which prints every
//! constructor call's results with the line of the constructor's name and the text of its
//! new-type argument.
//!
//! Annotations go on the line of the constructor's name:
//! `/* unknown: sizeof "literal" is not evaluated */` when the code fixes the value,
//! `/* unknowable: the count is read from argv */` when the run decides it; the reason may go on
//! over the following lines up to the `*/`.
//!
//! Fixtures are compiled with `-Wall -Werror`. The MPI-4 `_c` constructors exist only in MPICH
//! here (Open MPI 4.1 implements MPI 3.1): fixtures call them under `#if MPI_VERSION >= 4`.
//!
//! Environment: `C_FIXTURES_ONLY=WORD` runs only the fixtures whose file name contains WORD.

mod fixture_suite;

use std::path::{Path, PathBuf};
use std::process::Command;

use fixture_suite::{handle_key, testdata, values, Annotations, Fixture, Kind, Lib, Recorded};

struct CSuite;

impl fixture_suite::Suite for CSuite {
    const LANGUAGE: &'static str = "C";
    const FOLDER: &'static str = "c";
    const ONLY: &'static str = "C_FIXTURES_ONLY";

    fn compiler(&self, lib: Lib) -> &'static str {
        match lib {
            Lib::Mpich => "mpicc.mpich",
            Lib::OpenMpi => "mpicc.openmpi",
        }
    }

    fn is_fixture(&self, path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "c")
    }

    fn build(&self, fixture: &Fixture, lib: Lib, dir: &Path) -> Result<PathBuf, String> {
        let exe = dir.join(fixture.path.file_stem().unwrap());
        let include = format!("-include{}", testdata().join("oracle/record.h").display());
        let out = Command::new(self.compiler(lib))
            .args(["-Wall", "-Werror", &include])
            .arg(&fixture.path)
            .arg("-o")
            .arg(&exe)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.compiler(lib)))?;
        if !out.status.success() {
            return Err(format!(
                "{} does not compile cleanly with {} -Wall:\n{}",
                fixture.name,
                self.compiler(lib),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(exe)
    }

    /// `ORACLE <line> <newtype-expr> size=<n> lb=<n> extent=<n> true_lb=<n> true_extent=<n>`.
    fn parse(&self, _: &Fixture, _: &Path, stdout: &str) -> Result<Recorded, String> {
        let mut recorded = Recorded::new();
        for line in stdout.lines() {
            let Some(rest) = line.strip_prefix("ORACLE ") else {
                continue;
            };
            let mut words = rest.split_whitespace();
            let line_no: u32 = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| format!("no line number in {line:?}"))?;
            let fields: Vec<&str> = words.collect();
            let split = fields.len().saturating_sub(5);
            let (name_words, tail) = fields.split_at(split);
            let v = values(tail)
                .filter(|_| split > 0)
                .ok_or_else(|| format!("the library reported an error: {line}"))?;
            recorded
                .entry((line_no, handle_key(&name_words.concat())))
                .or_default()
                .push(v);
        }
        Ok(recorded)
    }

    /// `/* unknown: REASON */` and `/* unknowable: REASON */`, by the line the comment starts
    /// on; the reason may go on over the following lines up to the `*/`.
    fn annotations(&self, fixture: &Fixture) -> Annotations {
        let text = &fixture.text;
        let mut found = Annotations::new();
        let mut line_start = 0;
        for (number, line) in (1..).zip(text.split_inclusive('\n')) {
            for kind in Kind::ALL {
                let open = format!("/* {}:", kind.marker());
                if let Some(at) = line.find(&open) {
                    let comment = &text[line_start + at + open.len()..];
                    let comment = comment.split("*/").next().unwrap_or(comment);
                    // Continuation lines may start with the ` * ` of a block comment.
                    let words: Vec<&str> = comment
                        .lines()
                        .enumerate()
                        .map(|(i, l)| match l.trim_start().strip_prefix('*') {
                            Some(rest) if i > 0 => rest,
                            _ => l,
                        })
                        .flat_map(str::split_whitespace)
                        .collect();
                    found.insert(number, (kind, words.join(" ")));
                }
            }
            line_start += line.len();
        }
        found
    }

    fn annotation(&self, kind: Kind) -> String {
        format!("/* {}: REASON */", kind.marker())
    }
}

#[test]
fn fixture_values_match_mpich_and_open_mpi() {
    fixture_suite::run(&CSuite);
}
