//! The C fixtures in testdata/c, evaluated statically and compared with what MPICH computes when
//! the same code runs: each fixture is compiled with testdata/oracle/record.h force-included,
//! which prints every constructor call's results, and every value the analysis knows must match.
//!
//! Types built on absolute addresses (for `MPI_BOTTOM`) have an `lb` that changes from run to
//! run; the analysis shows them relative to their object. For those, `lb` and `true_lb` are not
//! compared one by one: their difference is, which does not depend on where the object lies.
//!
//! With CI=true the MPI compilers must be present; elsewhere the test says why it skips.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::dtype::MpiModel;
use analyzer::source::{Decoded, Language, SourceText};
use analyzer::syntax::c::IncludeResolver;

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

/// Resolves `#include "..."` next to the fixture.
struct Beside(PathBuf);

impl IncludeResolver for Beside {
    fn resolve(&mut self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.0.join(name)).ok()
    }
}

fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The C fixtures that run against MPICH (the legacy MPI-1 ones are marked `oracle: skip`).
fn fixtures() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(testdata().join("c"))
        .expect("testdata/c")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .filter(|p| {
            !std::fs::read_to_string(p)
                .unwrap_or_default()
                .contains("oracle: skip")
        })
        .collect();
    files.sort();
    files
}

/// Values MPICH printed: (line, handle) -> every (size, lb, extent, true_lb, true_extent) seen.
type Recorded = BTreeMap<(u32, String), Vec<[i128; 5]>>;

/// Compiles and runs one fixture with the recorder; its ORACLE lines.
fn record(fixture: &Path) -> Recorded {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_fixtures");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let stem = fixture.file_stem().unwrap().to_string_lossy().into_owned();
    let exe = dir.join(&stem);
    let include = format!("-include{}", testdata().join("oracle/record.h").display());
    let out = Command::new("mpicc.mpich")
        .arg(&include)
        .arg(fixture)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run mpicc.mpich");
    assert!(
        out.status.success(),
        "{} does not compile: {}",
        fixture.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe)
        .current_dir(&dir)
        .output()
        .expect("run fixture");
    assert!(
        out.status.success(),
        "{} failed: {}",
        fixture.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut recorded = Recorded::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some(rest) = line.strip_prefix("ORACLE ") else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let line_no: u32 = words
            .next()
            .and_then(|w| w.parse().ok())
            .expect("line number");
        let fields: Vec<&str> = words.collect();
        assert!(
            fields.len() > 5,
            "{}: MPICH reported an error: {line}",
            fixture.display()
        );
        let (name_words, values) = fields.split_at(fields.len() - 5);
        let handle = name_words.join(" ");
        let handle = handle.trim_start_matches('&').trim().to_owned();
        let mut v = [0i128; 5];
        for (slot, field) in v.iter_mut().zip(values) {
            *slot = field
                .split_once('=')
                .and_then(|(_, n)| n.parse().ok())
                .expect("value");
        }
        recorded.entry((line_no, handle)).or_default().push(v);
    }
    recorded
}

/// An `lb` that is an address of the running program rather than an offset.
fn is_absolute(lb: i128) -> bool {
    lb.abs() >= 1 << 24
}

#[derive(Default)]
struct Counts {
    compared: usize,
    matched: usize,
    unknown: usize,
    unreported: usize,
    address_dependent: usize,
    failures: Vec<String>,
}

impl Counts {
    fn compare(&mut self, what: String, theirs: i128, mine: i128) {
        self.compared += 1;
        if theirs == mine {
            self.matched += 1;
        } else {
            self.failures.push(format!(
                "{what} is {theirs} in MPICH, {mine} in the analysis"
            ));
        }
    }
}

#[test]
fn fixture_values_match_mpich() {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    if !have("mpicc.mpich") {
        assert!(
            !ci,
            "CI=true but mpicc.mpich is missing: run .ci/install-test-deps"
        );
        eprintln!("skipping: mpicc.mpich not found (run .ci/install-test-deps)");
        return;
    }
    let options = AnalysisOptions {
        model: MpiModel::Mpich,
        ..AnalysisOptions::default()
    };
    let mut counts = Counts::default();
    for fixture in fixtures() {
        let Decoded::Text(text) = SourceText::decode(&std::fs::read(&fixture).unwrap()) else {
            panic!("binary fixture")
        };
        let dir = fixture.parent().unwrap().to_path_buf();
        let analysis = analyze(text.as_str(), Language::C, &options, &mut Beside(dir));
        let recorded = record(&fixture);
        let reports: BTreeMap<(u32, String), _> = analysis
            .types()
            .into_iter()
            .map(|r| ((r.line, r.name.clone()), r))
            .collect();
        let name = fixture.file_name().unwrap().to_string_lossy().into_owned();
        for (key, runs) in &recorded {
            let at = format!("{name}:{} {}", key.0, key.1);
            let Some(report) = reports.get(key) else {
                counts.unreported += 1;
                counts.failures.push(format!(
                    "{at}: MPICH built it, the analysis did not see the call"
                ));
                continue;
            };
            let Some(dt) = &report.datatype else {
                counts.unknown += 5;
                println!("unknown: {at}");
                continue;
            };
            let s = dt.summary(MpiModel::Mpich);
            let ours = [dt.size(), s.lb, s.extent(), s.true_lb, s.true_extent()];
            for run in runs {
                for (i, field) in ["size", "extent", "true_extent"].iter().enumerate() {
                    let slot = [0, 2, 4][i];
                    counts.compare(format!("{at}: {field}"), run[slot], ours[slot]);
                }
                if is_absolute(run[1]) || is_absolute(run[3]) {
                    counts.address_dependent += 2;
                    counts.compare(
                        format!("{at}: lb - true_lb"),
                        run[1] - run[3],
                        ours[1] - ours[3],
                    );
                } else {
                    counts.compare(format!("{at}: lb"), run[1], ours[1]);
                    counts.compare(format!("{at}: true_lb"), run[3], ours[3]);
                }
            }
        }
    }
    println!(
        "C fixtures vs MPICH: {} values compared, {} matched, {} unknown, {} calls not seen, \
         {} address-dependent values compared as lb - true_lb",
        counts.compared,
        counts.matched,
        counts.unknown,
        counts.unreported,
        counts.address_dependent
    );
    assert!(
        counts.failures.is_empty(),
        "{} disagreements:\n{}",
        counts.failures.len(),
        counts.failures.join("\n")
    );
}
