//! Side by side on the same generated C files: `clang-tidy -checks='-*,mpi-*'`
//! (Debian's clang-tidy, with MPICH's include flags from `mpicc.mpich -show`) and
//! `mpi-dtype-lint` (release binary, 1 and 2 threads): wall time, the ratio, and what each finds
//! against the bugs the generator planted; and tree-sitter-c's parse alone, the floor under any
//! tool built on it. Two trees: MPI-dense C, and C of which 1% of the files use datatypes.
//!
//! Run: `cargo bench -p mpi-dtype-lint --bench clang_tidy` (needs `clang-tidy` and
//! `mpicc.mpich`: `apt-get install clang-tidy mpich libmpich-dev`; skipped with a message
//! otherwise). Sizes: `BENCH_TIDY_KB` (default 1024) and
//! `BENCH_TIDY_SPARSE_KB` (default 4096), seed `BENCH_SEED` (default 9).

mod corpus;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use corpus::{env_or, lint, median, Bug, Kind};

/// The `-I` and `-D` flags of MPICH's compiler wrapper.
fn mpi_flags() -> Option<Vec<String>> {
    let out = Command::new("mpicc.mpich").arg("-show").output().ok()?;
    let flags: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .filter(|f| f.starts_with("-I") || f.starts_with("-D"))
        .map(str::to_owned)
        .collect();
    (!flags.is_empty()).then_some(flags)
}

fn main() {
    let Some(flags) = mpi_flags() else {
        println!("clang_tidy: skipped: mpicc.mpich not found");
        return;
    };
    let version = match Command::new("clang-tidy").arg("--version").output() {
        Ok(out) => String::from_utf8_lossy(&out.stdout)
            .lines()
            .find(|l| l.contains("version"))
            .unwrap_or("")
            .trim()
            .to_owned(),
        Err(_) => {
            println!("clang_tidy: skipped: clang-tidy not found");
            return;
        }
    };
    let seed = env_or("BENCH_SEED", 9);
    println!("{version}; flags {}", flags.join(" "));
    for (kind, size_var, default_kb) in [
        (Kind::CDense, "BENCH_TIDY_KB", 1024),
        (Kind::CMostlyNotMpi, "BENCH_TIDY_SPARSE_KB", 4096),
    ] {
        compare(kind, env_or(size_var, default_kb) << 10, seed, &flags);
    }
}

/// Both tools, and tree-sitter's parse alone, on one generated tree of C files.
fn compare(kind: Kind, bytes: u64, seed: u64, flags: &[String]) {
    let tree = corpus::generate(
        &corpus::corpus_dir(&format!("clang-tidy/{}", kind.name())),
        kind,
        bytes,
        seed,
    );
    println!(
        "\n## {}: {} C files, {:.2} MB, seed {seed}",
        kind.name(),
        tree.files,
        tree.bytes as f64 / 1e6,
    );

    // clang-tidy: one process over every file (it takes them one after the other); the median
    // of 3 runs, like ours.
    let mut tidy = BTreeMap::new();
    let mut tidy_runs = Vec::new();
    for _ in 0..3 {
        let (seconds, found) = clang_tidy(&tree.c_files, flags);
        tidy_runs.push(seconds);
        tidy = found;
    }
    let tidy_seconds = median(tidy_runs);

    // mpi-dtype-lint: the same files (the tree holds nothing else); the median of 3 warm runs.
    let mut ours = BTreeMap::new();
    let mut ours_seconds = BTreeMap::new();
    for threads in [1, 2] {
        let runs: Vec<_> = (0..3).map(|_| lint(&tree.root, threads)).collect();
        ours_seconds.insert(threads, median(runs.iter().map(|r| r.seconds).collect()));
        ours = runs.into_iter().next().unwrap().findings;
    }
    let parse_seconds = median((0..3).map(|_| parse_only(&tree.c_files)).collect());

    println!("\n| tool | wall s | files/s | ratio to clang-tidy |");
    println!("|---|---|---|---|");
    println!(
        "| clang-tidy -checks='-*,mpi-*' | {tidy_seconds:.2} | {:.1} | 1 |",
        tree.files as f64 / tidy_seconds
    );
    let row = |name: &str, s: f64| {
        println!(
            "| {name} | {s:.3} | {:.0} | {:.0}x faster |",
            tree.files as f64 / s,
            tidy_seconds / s
        );
    };
    for (threads, s) in &ours_seconds {
        row(&format!("mpi-dtype-lint, {threads} thread(s)"), *s);
    }
    row(
        "tree-sitter-c parse of every file, 1 thread, in process",
        parse_seconds,
    );
    println!("\n| planted bug | planted | mpi-dtype-lint | clang-tidy |");
    println!("|---|---|---|---|");
    for bug in Bug::ALL {
        let planted = tree.planted(bug, true);
        if planted == 0 {
            continue;
        }
        let tidy_found = match bug {
            Bug::BufferType => tidy.get("mpi-type-mismatch").copied().unwrap_or(0),
            _ => 0,
        };
        println!(
            "| {} ({:?}) | {planted} | {} | {tidy_found} |",
            bug.rule(),
            bug,
            ours.get(bug.rule()).copied().unwrap_or(0)
        );
    }
    println!("\nmpi-dtype-lint findings by rule: {ours:?}");
    println!("clang-tidy findings by check: {tidy:?}");
}

/// One run of `clang-tidy -checks='-*,mpi-*'` over `files`: seconds, and findings by check.
fn clang_tidy(files: &[PathBuf], flags: &[String]) -> (f64, BTreeMap<String, usize>) {
    let start = Instant::now();
    let out = Command::new("clang-tidy")
        .arg("-checks=-*,mpi-*")
        .arg("--quiet")
        .args(files)
        .arg("--")
        .args(flags)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("running clang-tidy");
    let seconds = start.elapsed().as_secs_f64();
    let mut found: BTreeMap<String, usize> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if line.contains(": warning: ") || line.contains(": error: ") {
            let check = line
                .rsplit_once('[')
                .map_or("(no check)", |(_, c)| c.trim_end_matches(']'));
            *found.entry(check.to_owned()).or_insert(0) += 1;
        }
    }
    (seconds, found)
}

/// Seconds to read and parse `files` with tree-sitter-c and nothing else: what a tool built on
/// that parser spends at least on the files it parses, so the largest ratio to clang-tidy it
/// can reach there. (mpi-dtype-lint does not parse files that never mention `MPI_`.)
fn parse_only(files: &[PathBuf]) -> f64 {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_c::LANGUAGE.into())
        .expect("tree-sitter-c loads");
    let start = Instant::now();
    let mut nodes = 0;
    for file in files {
        let text = std::fs::read(file).expect("reading a generated file");
        let tree = parser.parse(&text, None).expect("tree-sitter parses");
        nodes += tree.root_node().descendant_count();
    }
    let seconds = start.elapsed().as_secs_f64();
    assert!(nodes > files.len(), "every file parsed to a tree");
    seconds
}
