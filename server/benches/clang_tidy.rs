//! Side by side on the same generated MPI-dense C files: `clang-tidy -checks='-*,mpi-*'`
//! (Debian's clang-tidy, with MPICH's include flags from `mpicc.mpich -show`) and
//! `mpi-dtype-lint` (release binary, 1 and 2 threads): wall time, the ratio, and what each finds
//! against the bugs the generator planted.
//!
//! Run: `cargo bench -p mpi-dtype-lint --bench clang_tidy` (needs `clang-tidy` and
//! `mpicc.mpich`: `apt-get install clang-tidy mpich libmpich-dev`; skipped with a message
//! otherwise). Size: `BENCH_TIDY_KB` (default 1024), seed `BENCH_SEED` (default 9).

mod corpus;

use std::collections::BTreeMap;
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
    let tree = corpus::generate(
        &corpus::corpus_dir("clang-tidy"),
        Kind::CDense,
        env_or("BENCH_TIDY_KB", 1024) << 10,
        seed,
    );
    println!(
        "{} C files, {:.2} MB, seed {seed}; {version}; flags {}",
        tree.files,
        tree.bytes as f64 / 1e6,
        flags.join(" ")
    );

    // clang-tidy: one process over every file (it takes them one after the other).
    let start = Instant::now();
    let out = Command::new("clang-tidy")
        .arg("-checks=-*,mpi-*")
        .arg("--quiet")
        .args(&tree.c_files)
        .arg("--")
        .args(&flags)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("running clang-tidy");
    let tidy_seconds = start.elapsed().as_secs_f64();
    let mut tidy: BTreeMap<String, usize> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if line.contains(": warning: ") || line.contains(": error: ") {
            let check = line
                .rsplit_once('[')
                .map_or("(no check)", |(_, c)| c.trim_end_matches(']'));
            *tidy.entry(check.to_owned()).or_insert(0) += 1;
        }
    }

    // mpi-dtype-lint: the same files (the tree holds nothing else); the median of 3 warm runs.
    let mut ours = BTreeMap::new();
    let mut ours_seconds = BTreeMap::new();
    for threads in [1, 2] {
        let runs: Vec<_> = (0..3).map(|_| lint(&tree.root, threads)).collect();
        ours_seconds.insert(threads, median(runs.iter().map(|r| r.seconds).collect()));
        ours = runs.into_iter().next().unwrap().findings;
    }

    println!("\n| tool | wall s | files/s | ratio to clang-tidy |");
    println!("|---|---|---|---|");
    println!(
        "| clang-tidy -checks='-*,mpi-*' | {tidy_seconds:.2} | {:.1} | 1 |",
        tree.files as f64 / tidy_seconds
    );
    for (threads, s) in &ours_seconds {
        println!(
            "| mpi-dtype-lint, {threads} thread(s) | {s:.3} | {:.0} | {:.0}x faster |",
            tree.files as f64 / s,
            tidy_seconds / s
        );
    }
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
