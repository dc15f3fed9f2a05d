//! Oracle test of the Fortran front end: every fixture under testdata/fortran is built with
//! `mpif90.mpich` and linked with testdata/oracle/record_fortran.c, which prints the size and
//! bounds of every datatype a constructor call makes, with the call's return address; addr2line
//! turns the addresses into lines. The analyzer's `types` (MPICH model) must agree on every
//! value it knows.
//!
//! Without `mpif90.mpich` the test is skipped, unless `CI=true` (then it fails).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::dtype::MpiModel;
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;

/// The values one constructor call produced at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Recorded {
    size: i128,
    lb: i128,
    extent: i128,
    true_lb: i128,
    true_extent: i128,
}

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

fn fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![testdata().join("fortran")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("testdata/fortran exists") {
            let path = entry.expect("readable directory").path();
            if path.is_dir() {
                dirs.push(path);
            } else if Language::from_path(&path).is_some_and(|l| l != Language::C) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn have_mpif90() -> bool {
    Command::new("mpif90.mpich")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn field(line: &str, name: &str) -> i128 {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(name)?.strip_prefix('=')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name}= in {line:?}"))
}

/// Builds and runs a fixture; the values recorded at each line, in execution order.
fn oracle(fixture: &Path, recorder: &Path, work: &Path) -> BTreeMap<u32, Vec<Recorded>> {
    let program = work.join("prog");
    run(Command::new("mpif90.mpich")
        .args(["-g", "-no-pie", "-o"])
        .arg(&program)
        .arg(fixture)
        .arg(recorder)
        .arg("-ldl")
        .current_dir(work));
    let output = run(Command::new(&program).current_dir(work));
    let lines: Vec<&str> = output
        .lines()
        .filter(|l| l.starts_with("ORACLE_F "))
        .collect();
    let addresses: Vec<String> = lines
        .iter()
        .map(|l| {
            let hex = l.split_whitespace().nth(1).unwrap_or("0x0");
            let address = u64::from_str_radix(hex.trim_start_matches("0x"), 16).unwrap_or(1);
            format!("{:#x}", address - 1)
        })
        .collect();
    let mut result: BTreeMap<u32, Vec<Recorded>> = BTreeMap::new();
    if lines.is_empty() {
        return result;
    }
    let located = run(Command::new("addr2line")
        .arg("-e")
        .arg(&program)
        .args(&addresses));
    for (line, location) in lines.iter().zip(located.lines()) {
        let number: u32 = location
            .rsplit(':')
            .next()
            .and_then(|n| n.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("addr2line gave {location:?}"));
        assert!(!line.contains("error="), "{}: {line}", fixture.display());
        result.entry(number).or_default().push(Recorded {
            size: field(line, "size"),
            lb: field(line, "lb"),
            extent: field(line, "extent"),
            true_lb: field(line, "true_lb"),
            true_extent: field(line, "true_extent"),
        });
    }
    result
}

#[test]
fn fortran_fixtures_match_mpich() {
    if !have_mpif90() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "mpif90.mpich is required in CI"
        );
        eprintln!("mpif90.mpich not found: Fortran oracle test skipped");
        return;
    }
    let work = std::env::temp_dir().join(format!("fortran-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("temporary directory");
    let recorder = work.join("record_fortran.o");
    run(Command::new("mpicc.mpich")
        .args(["-c", "-o"])
        .arg(&recorder)
        .arg(testdata().join("oracle/record_fortran.c")));
    let options = AnalysisOptions {
        model: MpiModel::Mpich,
        ..AnalysisOptions::default()
    };
    let (mut compared, mut matched, mut unknown) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for fixture in fixtures() {
        let text = std::fs::read_to_string(&fixture).expect("fixture is UTF-8");
        let name = fixture.display().to_string();
        if text.contains("oracle: skip") {
            eprintln!("{name}: skipped (oracle: skip)");
            continue;
        }
        let recorded = oracle(&fixture, &recorder, &work);
        let language = Language::from_path(&fixture).expect("a Fortran extension");
        let analysis = analyze(&text, language, &options, &mut NoIncludes);
        let reports = analysis.types();
        assert!(
            !reports.is_empty(),
            "{name}: the analyzer found no datatype"
        );
        for report in &reports {
            let (last_line, _) = analysis.position(report.span.end.saturating_sub(1));
            // gfortran puts a call on the last line of its statement.
            let runs: Vec<&Recorded> = recorded
                .range(report.line..=last_line)
                .flat_map(|(_, r)| r.iter())
                .collect();
            let at = format!("{name}:{} {}", report.line, report.name);
            if runs.is_empty() {
                failures.push(format!("{at}: never executed by the program"));
                continue;
            }
            let Some(dt) = &report.datatype else {
                unknown += 1;
                continue;
            };
            let s = dt.summary(MpiModel::Mpich);
            let ours = Recorded {
                size: dt.size(),
                lb: s.lb,
                extent: s.extent(),
                true_lb: s.true_lb,
                true_extent: s.true_extent(),
            };
            compared += 1;
            // A known value must be the value of every execution of the call.
            if runs.iter().all(|r| **r == ours) {
                matched += 1;
            } else {
                failures.push(format!("{at}: analyzer {ours:?}, MPICH {runs:?}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    eprintln!("Fortran oracle: {compared} compared, {matched} matched, {unknown} unknown");
    assert!(failures.is_empty(), "mismatches:\n{}", failures.join("\n"));
    assert!(compared > 0, "nothing compared");
}
