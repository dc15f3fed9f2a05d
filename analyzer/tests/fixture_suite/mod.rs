//! What the C and Fortran fixture suites (c_fixtures.rs, fortran_fixtures.rs) share: every
//! fixture is compiled and run against MPICH and Open MPI, each constructor call's values are
//! recorded, and every value the analysis knows (under `MpiModel::Mpich`, resp.
//! `MpiModel::OpenMpi`) must match.
//!
//! Every call the analysis leaves unknown carries its reason in the fixture, in one of two
//! kinds (each language writes them in its own comments):
//! - `unknown: REASON`: the code fixes the value, the analysis does not reach it (yet). Once
//!   every call the annotation belongs to is known, the annotation is stale and the test fails
//!   until it is removed.
//! - `unknowable: REASON`: the program decides the value at run time (rank, number of
//!   processes, input, addresses of separate objects, a value MPI writes). The analysis must
//!   never know it: a value it shows is a guess, even when this one-process run happens to
//!   agree, and the test fails.
//!
//! A call whose datatype the analysis knows in part (`TypeReport::partial`) is unknown too, and
//! the values it knows are compared with every execution's.
//!
//! The test fails on an unknown without an annotation and prints the table of unknowns with
//! their reasons. A call the analysis does not list at all (a constructor it did not see) is an
//! unknown too, marked "not listed" in the table.
//!
//! Types built on absolute addresses (for `MPI_BOTTOM`) have an `lb` that changes from run to
//! run; the analysis shows them relative to their object. For those (an `lb` or `true_lb` that
//! differs and looks like an address), `lb` and `true_lb` are not compared one by one: their
//! difference is, which does not depend on where the object lies.
//!
//! Fixtures run as singletons (one process), on as many threads as there are cores. With
//! CI=true the MPI compilers must be present; elsewhere the test says why it skips.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use analyzer::analysis::{analyze, AnalysisOptions, STACK_BYTES};
use analyzer::dtype::MpiModel;
use analyzer::source::{Decoded, Language, SourceText};
use analyzer::syntax::IncludeResolver;

/// A fixture that runs longer than this is stopped and reported (a receive without its send).
const RUN_LIMIT: Duration = Duration::from_secs(60);

/// An MPI library the fixtures run with, and the analysis model that reproduces it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lib {
    Mpich,
    OpenMpi,
}

impl Lib {
    pub const ALL: [Lib; 2] = [Lib::Mpich, Lib::OpenMpi];

    pub fn name(self) -> &'static str {
        match self {
            Lib::Mpich => "MPICH",
            Lib::OpenMpi => "Open MPI",
        }
    }

    fn model(self) -> MpiModel {
        match self {
            Lib::Mpich => MpiModel::Mpich,
            Lib::OpenMpi => MpiModel::OpenMpi,
        }
    }

    /// A singleton run. Open MPI is kept local and allowed to run in a root container; without a
    /// daemon (`ess_singleton_isolated`) and with only the loopback transport it starts in a
    /// fifth of the time (85 ms instead of 490 ms here).
    fn environment(self, run: &mut Command) {
        if self == Lib::OpenMpi {
            run.env("OMPI_ALLOW_RUN_AS_ROOT", "1")
                .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
                .env("OMPI_MCA_plm_rsh_agent", "false")
                .env("OMPI_MCA_ess_singleton_isolated", "1")
                .env("OMPI_MCA_pml", "ob1")
                .env("OMPI_MCA_btl", "self");
        }
    }
}

pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

/// Resolves `#include "..."` and `INCLUDE '...'` next to the fixture.
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

/// One fixture: its file, language and text.
pub struct Fixture {
    pub path: PathBuf,
    pub name: String,
    pub language: Language,
    pub text: String,
}

/// The two kinds of annotation on an unknown call.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `unknown: ...`: the code fixes the value; the analysis does not reach it.
    Gap,
    /// `unknowable: ...`: the program decides the value at run time.
    RunTime,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::Gap, Kind::RunTime];

    pub fn marker(self) -> &'static str {
        match self {
            Kind::Gap => "unknown",
            Kind::RunTime => "unknowable",
        }
    }
}

/// A fixture's annotations: the line of the call they belong to -> kind and reason.
pub type Annotations = BTreeMap<u32, (Kind, String)>;

/// The values of one execution of a constructor call: size, lb, extent, true_lb, true_extent.
pub type Values = [i128; 5];

/// What a library printed: (line of the call, handle) -> the values of each execution. A
/// recorder that cannot name the handle leaves it empty; the call is then the one the analysis
/// lists on that line.
pub type Recorded = BTreeMap<(u32, String), Vec<Values>>;

/// `size=<n> lb=<n> extent=<n> true_lb=<n> true_extent=<n>`, the tail of a recorder's line.
pub fn values(fields: &[&str]) -> Option<Values> {
    let [size, lb, extent, true_lb, true_extent] = fields else {
        return None;
    };
    let mut v = [0i128; 5];
    let named = [
        ("size", size),
        ("lb", lb),
        ("extent", extent),
        ("true_lb", true_lb),
        ("true_extent", true_extent),
    ];
    for (slot, (name, field)) in v.iter_mut().zip(named) {
        *slot = field.strip_prefix(name)?.strip_prefix('=')?.parse().ok()?;
    }
    Some(v)
}

/// A language's fixture suite: where its fixtures are, how they are built and run, and how
/// its annotations are written.
pub trait Suite: Sync {
    /// The language as the summary names it.
    const LANGUAGE: &'static str;
    /// The folder under testdata/.
    const FOLDER: &'static str;
    /// The environment variable that selects fixtures by a word of their file name.
    const ONLY: &'static str;

    /// The compiler a library's fixtures are built with.
    fn compiler(&self, lib: Lib) -> &'static str;

    /// Whether a file of the folder is a fixture (rather than a file it includes).
    fn is_fixture(&self, path: &Path) -> bool;

    /// Builds `fixture` against `lib` in `dir`: the program to run.
    fn build(&self, fixture: &Fixture, lib: Lib, dir: &Path) -> Result<PathBuf, String>;

    /// The values a run printed on `stdout`, by call.
    fn parse(&self, fixture: &Fixture, exe: &Path, stdout: &str) -> Result<Recorded, String>;

    /// The fixture's annotations, by the line of the call they belong to.
    fn annotations(&self, fixture: &Fixture) -> Annotations;

    /// How an annotation of `kind` is written, for the messages.
    fn annotation(&self, kind: Kind) -> String;
}

/// The fixtures of the suite's folder and its subfolders, named by their path in the folder.
fn fixtures<S: Suite>(suite: &S) -> Vec<Fixture> {
    let only = std::env::var(S::ONLY).unwrap_or_default();
    let folder = testdata().join(S::FOLDER);
    let mut files = Vec::new();
    let mut dirs = vec![folder.clone()];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in entries.map(|e| e.expect("readable directory").path()) {
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if !suite.is_fixture(&path) {
                continue;
            }
            let Decoded::Text(text) = SourceText::decode(&std::fs::read(&path).unwrap()) else {
                panic!("{} is not text", path.display())
            };
            let name = path
                .strip_prefix(&folder)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if name.contains(&only) && !text.as_str().contains("oracle: skip") {
                files.push(Fixture {
                    language: Language::from_path(&path).expect("a source file"),
                    path,
                    name,
                    text: text.as_str().to_owned(),
                });
            }
        }
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files
}

/// Compiles and runs one fixture against `lib` (within [`RUN_LIMIT`]); what it recorded.
fn record<S: Suite>(suite: &S, fixture: &Fixture, lib: Lib) -> Result<Recorded, String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{}_fixtures", S::FOLDER))
        .join(suite.compiler(lib));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let exe = suite.build(fixture, lib, &dir)?;
    let stem = exe.file_name().unwrap().to_string_lossy();
    let stdout_path = dir.join(format!("{stem}.out"));
    let stderr_path = dir.join(format!("{stem}.err"));
    let mut run = Command::new(&exe);
    run.current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).expect("stdout file"))
        .stderr(std::fs::File::create(&stderr_path).expect("stderr file"));
    lib.environment(&mut run);
    // Open MPI keeps a session directory under TMPDIR named by user and job family; the runs
    // in parallel share it otherwise, and one's cleanup removed it under another's start
    // ("A call to mkdir was unable to create the desired directory", seen in CI).
    let session = dir.join(format!("{stem}.tmp"));
    std::fs::create_dir_all(&session).expect("session dir");
    run.env("TMPDIR", &session);
    let mut child = run
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for fixture") {
            break status;
        }
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "{} with {} still ran after {RUN_LIMIT:?}: a receive without its send?",
                fixture.name,
                lib.name()
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = std::fs::read_to_string(&stdout_path).unwrap_or_default();
    if !status.success() {
        return Err(format!(
            "{} failed with {} ({status}):\n{}",
            fixture.name,
            lib.name(),
            std::fs::read_to_string(&stderr_path).unwrap_or_default()
        ));
    }
    suite
        .parse(fixture, &exe, &stdout)
        .map_err(|e| format!("{}: {}: {e}", fixture.name, lib.name()))
}

/// A handle as both sides spell it, for matching: without spaces, `&` and enclosing parentheses
/// (the C recorder sees `&(t)` of a macro body as `&(column)`).
pub fn handle_key(text: &str) -> String {
    let mut key: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    loop {
        if let Some(rest) = key.strip_prefix('&') {
            key = rest.to_owned();
        } else if let Some(inner) = key.strip_prefix('(').and_then(|k| k.strip_suffix(')')) {
            let mut depth = 0i32;
            let balanced = inner.chars().all(|c| {
                depth += i32::from(c == '(') - i32::from(c == ')');
                depth >= 0
            });
            if !balanced {
                break;
            }
            key = inner.to_owned();
        } else {
            break;
        }
    }
    key
}

/// Whether a run's values are the analysis' (lower bounds compared relative to each other
/// when they are addresses of the running program).
fn same_run(run: &Values, ours: &Values) -> bool {
    let sizes = [0, 2, 4].iter().all(|&i| run[i] == ours[i]);
    let bounds = if is_absolute(run[1]) || is_absolute(run[3]) {
        run[1] - run[3] == ours[1] - ours[3]
    } else {
        (run[1], run[3]) == (ours[1], ours[3])
    };
    sizes && bounds
}

/// An `lb` that is an address of the running program rather than an offset.
fn is_absolute(lb: i128) -> bool {
    lb.abs() >= 1 << 24
}

/// Whether the analysis listed an unknown call at all.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Listed {
    Yes,
    No,
}

/// One fixture run with one library, compared with the analysis under the library's model.
#[derive(Default)]
struct Outcome {
    /// Executed calls the analysis left unknown: (line, handle) -> whether it listed the call,
    /// and the handle it listed.
    unknown: BTreeMap<(u32, String), (Listed, String)>,
    /// Executed calls: (line, handle).
    executed: BTreeSet<(u32, String)>,
    calls: usize,
    compared: usize,
    matched: usize,
    unknown_values: usize,
    address_dependent: usize,
    failures: Vec<String>,
}

impl Outcome {
    fn compare(&mut self, what: String, lib: Lib, theirs: i128, mine: i128) {
        self.compared += 1;
        if theirs == mine {
            self.matched += 1;
        } else {
            self.failures.push(format!(
                "WRONG {what} is {theirs} in {}, {mine} in the analysis",
                lib.name()
            ));
        }
    }
}

/// The counts of every fixture's outcome with one library.
#[derive(Default)]
struct Totals {
    calls: usize,
    compared: usize,
    matched: usize,
    unknown_calls: usize,
    not_listed: usize,
    unknown_values: usize,
    address_dependent: usize,
}

impl Totals {
    fn add(&mut self, outcome: &Outcome) {
        self.calls += outcome.calls;
        self.compared += outcome.compared;
        self.matched += outcome.matched;
        self.unknown_calls += outcome.unknown.len();
        self.not_listed += outcome
            .unknown
            .values()
            .filter(|(l, _)| *l == Listed::No)
            .count();
        self.unknown_values += outcome.unknown_values;
        self.address_dependent += outcome.address_dependent;
    }
}

fn check<S: Suite>(suite: &S, fixture: &Fixture, lib: Lib) -> Outcome {
    let mut outcome = Outcome::default();
    let recorded = match record(suite, fixture, lib) {
        Ok(recorded) => recorded,
        Err(e) => {
            outcome.failures.push(e);
            return outcome;
        }
    };
    let options = AnalysisOptions {
        model: lib.model(),
        ..AnalysisOptions::default()
    };
    let dir = fixture.path.parent().unwrap().to_path_buf();
    let analysis = analyze(&fixture.text, fixture.language, &options, &mut Beside(dir));
    // The compiler read every fixture: a syntax error is the front end's.
    if lib == Lib::Mpich {
        for note in analysis.notes.iter() {
            if note.message.starts_with("syntax error") {
                let (line, column) = analysis.position(note.span.start);
                outcome.failures.push(format!(
                    "{}:{line}:{column}: the compiler reads it, the analysis notes: {}",
                    fixture.name, note.message
                ));
            }
        }
    }
    let mut reports: BTreeMap<(u32, String), Vec<_>> = BTreeMap::new();
    for report in analysis.types() {
        reports
            .entry((report.line, handle_key(&report.name)))
            .or_default()
            .push(report);
    }
    for (key, runs) in &recorded {
        let at = format!("{}:{} {}", fixture.name, key.0, key.1);
        outcome.calls += 1;
        outcome.executed.insert(key.clone());
        // A call in a macro may be listed with the macro's own name for the handle, and a
        // recorder may not know the handle: the one call on a line is that line's call.
        let sole_on_line = || {
            let listed: Vec<_> = reports
                .range((key.0, String::new())..)
                .take_while(|(k, _)| k.0 == key.0)
                .collect();
            let recorded_here = recorded
                .range((key.0, String::new())..)
                .take_while(|(k, _)| k.0 == key.0)
                .count();
            match (listed.as_slice(), recorded_here) {
                ([(_, found)], 1) => Some(found.as_slice()),
                _ => None,
            }
        };
        let listed = match reports.get(key).map(Vec::as_slice).or_else(sole_on_line) {
            Some([report]) => std::slice::from_ref(report),
            // A helper's call, reported once per chain of calls that reached it with another
            // result: each run is one of them.
            Some(variants) if variants.iter().all(|r| !r.via.is_empty()) => variants,
            Some(_) => {
                outcome.failures.push(format!(
                    "{at}: several constructor calls on one line define this handle; the \
                     recorder cannot tell them apart (put them on separate lines)"
                ));
                continue;
            }
            None => {
                outcome.unknown_values += 5 * runs.len();
                outcome
                    .unknown
                    .insert(key.clone(), (Listed::No, key.1.clone()));
                continue;
            }
        };
        let handle = handle_key(&listed[0].name);
        let at = format!("{}:{} {handle}", fixture.name, key.0);
        if let Some(error) = listed.iter().find_map(|r| r.error.as_ref()) {
            outcome.failures.push(format!(
                "WRONG {at}: {} built it, the analysis says the call is invalid: {error}",
                lib.name()
            ));
            continue;
        }
        let known: Vec<Values> = listed
            .iter()
            .filter_map(|r| {
                let dt = r.datatype.as_ref()?;
                let s = dt.summary(lib.model());
                Some([dt.size(), s.lb, s.extent(), s.true_lb, s.true_extent()])
            })
            .collect();
        // The variants known in part: the values MPI fixes whatever the unknown arguments.
        let partial: Vec<PartialValues> = listed
            .iter()
            .filter_map(|r| {
                let s = r.partial.as_ref()?.summary(lib.model());
                Some([s.size, s.lb, s.extent, s.true_lb, s.true_extent])
            })
            .collect();
        let some_unknown = known.len() < listed.len();
        for run in runs {
            // The variant this run is (the only one, for a call reached one way).
            let ours = match known.iter().find(|ours| same_run(run, ours)) {
                Some(ours) => ours,
                None if some_unknown => {
                    outcome
                        .unknown
                        .insert(key.clone(), (Listed::Yes, handle.clone()));
                    compare_partial(&mut outcome, &at, lib, run, &partial);
                    continue;
                }
                None => &known[0],
            };
            for (field, slot) in [("size", 0), ("extent", 2), ("true_extent", 4)] {
                outcome.compare(format!("{at}: {field}"), lib, run[slot], ours[slot]);
            }
            let exact = (run[1], run[3]) == (ours[1], ours[3]);
            if !exact && (is_absolute(run[1]) || is_absolute(run[3])) {
                outcome.address_dependent += 2;
                outcome.compare(
                    format!("{at}: lb - true_lb"),
                    lib,
                    run[1] - run[3],
                    ours[1] - ours[3],
                );
            } else {
                outcome.compare(format!("{at}: lb"), lib, run[1], ours[1]);
                outcome.compare(format!("{at}: true_lb"), lib, run[3], ours[3]);
            }
        }
    }
    outcome
}

/// A datatype's values known in part: size, lb, extent, true_lb, true_extent.
type PartialValues = [Option<i128>; 5];

/// A run of a call whose datatype the analysis knows in part: the run must be one of the
/// variants known in part (the first, when it is none), each known value compared; the
/// unknown ones are counted.
fn compare_partial(
    outcome: &mut Outcome,
    at: &str,
    lib: Lib,
    run: &Values,
    partial: &[PartialValues],
) {
    let agrees = |ours: &&PartialValues| {
        partial_comparisons(run, ours)
            .iter()
            .all(|(_, theirs, mine)| mine.is_none_or(|m| m == *theirs))
    };
    let Some(ours) = partial.iter().find(agrees).or(partial.first()) else {
        outcome.unknown_values += 5;
        return;
    };
    for (name, theirs, mine) in partial_comparisons(run, ours) {
        match mine {
            Some(mine) => outcome.compare(format!("{at}: {name}"), lib, theirs, mine),
            None => outcome.unknown_values += 1,
        }
    }
}

/// What a run and a variant known in part are compared on: (value, the run's, the
/// analysis'), the lower bounds as their difference when they are addresses of the running
/// program.
fn partial_comparisons(
    run: &Values,
    ours: &PartialValues,
) -> Vec<(&'static str, i128, Option<i128>)> {
    let mut fields = vec![
        ("size", run[0], ours[0]),
        ("extent", run[2], ours[2]),
        ("true_extent", run[4], ours[4]),
    ];
    if is_absolute(run[1]) || is_absolute(run[3]) {
        let difference = ours[1].zip(ours[3]).map(|(lb, true_lb)| lb - true_lb);
        fields.push(("lb - true_lb", run[1] - run[3], difference));
    } else {
        fields.push(("lb", run[1], ours[1]));
        fields.push(("true_lb", run[3], ours[3]));
    }
    fields
}

/// Runs every (fixture, library) pair on as many threads as there are cores, each with the
/// analysis' stack.
fn check_all<S: Suite>(suite: &S, fixtures: &[Fixture]) -> Vec<(usize, Lib, Outcome)> {
    let jobs: Vec<(usize, Lib)> = (0..fixtures.len())
        .flat_map(|i| Lib::ALL.map(|lib| (i, lib)))
        .collect();
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, || {
                    while let Some(&(i, lib)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let outcome = check(suite, &fixtures[i], lib);
                        done.lock().unwrap().push((i, lib, outcome));
                    }
                })
                .expect("spawn a worker");
        }
    });
    let mut done = done.into_inner().unwrap();
    done.sort_by_key(|(i, lib, _)| (*i, *lib));
    done
}

/// The whole test: every fixture against both libraries, the table of unknowns and the
/// summary printed, and a failure for every wrong value, missing or stale annotation.
pub fn run<S: Suite>(suite: &S) {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let missing: Vec<&str> = Lib::ALL
        .iter()
        .map(|lib| suite.compiler(*lib))
        .filter(|cc| !have(cc))
        .collect();
    if !missing.is_empty() {
        assert!(
            !ci,
            "CI=true but {} missing: run .ci/install-test-deps",
            missing.join(", ")
        );
        eprintln!(
            "skipping: {} not found (run .ci/install-test-deps)",
            missing.join(", ")
        );
        return;
    }
    let started = Instant::now();
    let fixtures = fixtures(suite);
    let outcomes = check_all(suite, &fixtures);

    let mut failures = Vec::new();
    let mut table = Vec::new();
    let mut per_lib: BTreeMap<Lib, Totals> = BTreeMap::new();
    for (i, fixture) in fixtures.iter().enumerate() {
        let annotated = suite.annotations(fixture);
        // (line, handle) -> the libraries under which the analysis left it unknown, whether it
        // listed the call, and the handle it listed.
        let mut unknown: BTreeMap<(u32, String), (Vec<Lib>, Listed, String)> = BTreeMap::new();
        let mut executed_lines = BTreeSet::new();
        for (_, lib, outcome) in outcomes.iter().filter(|(j, _, _)| *j == i) {
            for (key, (listed, handle)) in &outcome.unknown {
                let entry =
                    unknown
                        .entry(key.clone())
                        .or_insert((Vec::new(), *listed, handle.clone()));
                entry.0.push(*lib);
            }
            executed_lines.extend(outcome.executed.iter().map(|(line, _)| *line));
            failures.extend(outcome.failures.iter().cloned());
            per_lib.entry(*lib).or_default().add(outcome);
        }
        for ((line, _), (libs, listed, handle)) in &unknown {
            let at = format!("{}:{line}", fixture.name);
            let mut only = match libs.as_slice() {
                [lib] => format!(" [{} only]", lib.name()),
                _ => String::new(),
            };
            if *listed == Listed::No {
                only.push_str(" [not listed]");
            }
            match annotated.get(line) {
                Some((kind, reason)) => {
                    table.push((at, handle.clone(), *kind, format!("{reason}{only}")))
                }
                None => failures.push(format!(
                    "{at} {handle}: unknown to the analysis{only}; write why at the \
                     call: {} when the code fixes the value, {} when the run \
                     decides it",
                    suite.annotation(Kind::Gap),
                    suite.annotation(Kind::RunTime)
                )),
            }
        }
        let unknown_lines: BTreeSet<u32> = unknown.keys().map(|(line, _)| *line).collect();
        for (line, (kind, _)) in annotated.iter().filter(|(l, _)| !unknown_lines.contains(l)) {
            let at = format!("{}:{line}", fixture.name);
            failures.push(match kind {
                _ if !executed_lines.contains(line) => format!(
                    "{at}: {} on a line where no constructor ran",
                    suite.annotation(*kind)
                ),
                Kind::Gap => format!(
                    "{at}: stale annotation: every call on this line is known now; remove the \
                     {} comment",
                    suite.annotation(Kind::Gap)
                ),
                Kind::RunTime => format!(
                    "{at}: the analysis shows a value that the program decides at run time: a \
                     guess, even where this one-process run agrees"
                ),
            });
        }
    }

    println!("\nUnknown calls and why (file:line, handle, annotation: reason):");
    let at_width = table.iter().map(|(at, ..)| at.len()).max().unwrap_or(0);
    let handle_width = table.iter().map(|(_, h, ..)| h.len()).max().unwrap_or(0);
    for (at, handle, kind, reason) in &table {
        println!(
            "  {at:at_width$}  {handle:handle_width$}  {}: {reason}",
            kind.marker()
        );
    }
    let mut by_reason: BTreeMap<(Kind, &str), usize> = BTreeMap::new();
    for (_, _, kind, reason) in &table {
        *by_reason.entry((*kind, reason.as_str())).or_default() += 1;
    }
    for kind in Kind::ALL {
        let calls: usize = by_reason
            .iter()
            .filter(|((k, _), _)| *k == kind)
            .map(|(_, n)| n)
            .sum();
        println!("\n{calls} calls {} by reason:", suite.annotation(kind));
        for ((_, reason), n) in by_reason.iter().filter(|((k, _), _)| *k == kind) {
            println!("  {n:4}  {reason}");
        }
    }
    println!(
        "\n{} {} fixtures in {:.1?}:",
        fixtures.len(),
        S::LANGUAGE,
        started.elapsed()
    );
    for (lib, total) in &per_lib {
        println!(
            "  {}: {} calls, {} values compared, {} matched, {} unknown calls ({} of them not \
             listed; {} values), {} address-dependent values compared as lb - true_lb",
            lib.name(),
            total.calls,
            total.compared,
            total.matched,
            total.unknown_calls,
            total.not_listed,
            total.unknown_values,
            total.address_dependent
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
