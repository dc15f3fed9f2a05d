//! The C fixtures in testdata/c, evaluated statically and compared with what MPICH computes when
//! the same code runs: each fixture is compiled with testdata/oracle/record.h force-included,
//! which prints every constructor call's results, and every value the analysis knows must match.
//!
//! With CI=true the MPI compilers must be present; elsewhere the test says why it skips.

#[allow(dead_code)]
#[path = "oracle/run.rs"]
mod run;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::dtype::MpiModel;
use analyzer::source::{Decoded, Language, SourceText};
use analyzer::syntax::c::IncludeResolver;

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

struct Beside(PathBuf);

impl IncludeResolver for Beside {
    fn resolve(&mut self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.0.join(name)).ok()
    }
}

/// The C fixtures that run against MPICH (the legacy MPI-1 ones are marked `oracle: skip`).
fn fixtures() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(testdata().join("c"))
        .expect("testdata/c")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .filter(|p| !std::fs::read_to_string(p).unwrap_or_default().contains("oracle: skip"))
        .collect();
    files.sort();
    files
}

/// Values MPICH printed: (line, handle) -> every (size, lb, extent, true_lb, true_extent) seen.
type Recorded = BTreeMap<(u32, String), Vec<[i128; 5]>>;

fn record(fixture: &Path) -> Recorded {
    let dir = run::scratch_dir("fixture");
    let source = std::fs::read_to_string(fixture).expect("read fixture");
    let record_h = testdata().join("oracle/record.h");
    let include = format!("-include{}", record_h.display());
    let name = fixture.file_name().unwrap().to_string_lossy().into_owned();
    let exe = run::compile("mpicc.mpich", &dir, &name, &source, &[&include]);
    let out = std::process::Command::new(&exe).current_dir(&dir).output().expect("run fixture");
    assert!(out.status.success(), "{} failed: {}", fixture.display(), String::from_utf8_lossy(&out.stderr));
    let mut recorded = Recorded::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some(rest) = line.strip_prefix("ORACLE ") else { continue };
        let mut words = rest.split_whitespace();
        let line_no: u32 = words.next().and_then(|w| w.parse().ok()).expect("line number");
        let fields: Vec<&str> = words.collect();
        let (values, name_words) = fields.split_at(fields.len() - 5);
        let handle = name_words.join(" ");
        let handle = handle.trim_start_matches('&').trim().to_owned();
        let mut v = [0i128; 5];
        for (slot, field) in v.iter_mut().zip(values) {
            *slot = field.split_once('=').and_then(|(_, n)| n.parse().ok()).expect("value");
        }
        recorded.entry((line_no, handle)).or_default().push(v);
    }
    recorded
}

#[test]
fn fixture_values_match_mpich() {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    if !run::have("mpicc.mpich") {
        assert!(!ci, "CI=true but mpicc.mpich is missing: run .ci/install-test-deps");
        eprintln!("skipping: mpicc.mpich not found (run .ci/install-test-deps)");
        return;
    }
    let options = AnalysisOptions { model: MpiModel::Mpich, ..AnalysisOptions::default() };
    let (mut compared, mut matched, mut unknown, mut unreported) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for fixture in fixtures() {
        let Decoded::Text(text) = SourceText::decode(&std::fs::read(&fixture).unwrap()) else { panic!("binary fixture") };
        let dir = fixture.parent().unwrap().to_path_buf();
        let analysis = analyze(text.as_str(), Language::C, &options, &mut Beside(dir));
        let recorded = record(&fixture);
        let reports: BTreeMap<(u32, String), _> = analysis.types().into_iter().map(|r| ((r.line, r.name.clone()), r)).collect();
        for (key, runs) in &recorded {
            let Some(report) = reports.get(key) else {
                unreported += 1;
                failures.push(format!("{}:{} {}: MPICH built it, the analysis did not see the call", fixture.display(), key.0, key.1));
                continue;
            };
            let Some(dt) = &report.datatype else {
                unknown += 5;
                continue;
            };
            let s = dt.summary(MpiModel::Mpich);
            let ours = [dt.size(), s.lb, s.extent(), s.true_lb, s.true_extent()];
            for run in runs {
                for ((field, mine), theirs) in ["size", "lb", "extent", "true_lb", "true_extent"].iter().zip(ours).zip(run) {
                    compared += 1;
                    if mine == *theirs {
                        matched += 1;
                    } else {
                        failures.push(format!("{}:{} {}: {field} is {theirs} in MPICH, {mine} in the analysis", fixture.display(), key.0, key.1));
                    }
                }
            }
        }
    }
    println!("C fixtures vs MPICH: {compared} values compared, {matched} matched, {unknown} unknown, {unreported} calls not seen");
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
}
