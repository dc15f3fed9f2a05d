//! Throughput of the `mpi-dtype-lint` command (the release binary, run as a process) on
//! generated trees: an MPI-dense one (C, free- and fixed-form Fortran) and a mostly-not-MPI one
//! (1% of the files build datatypes). For 1 and 2 threads (`RAYON_NUM_THREADS`): a cold run (the
//! first after the page cache is dropped, when that is permitted) and the median of three warm
//! runs, with wall time, MB/s, files/s and the child's peak resident memory (`/usr/bin/time`).
//!
//! Run: `cargo bench -p mpi-dtype-lint --bench cli_throughput`
//! Sizes: `BENCH_DENSE_MB` (default 16), `BENCH_SPARSE_MB` (default 64); `BENCH_SEED` (default 9).

mod corpus;

use corpus::{drop_caches, env_or, lint, median, Bug, Kind, Run, Tree, EXE};

fn row(tree: &Tree, name: &str, threads: usize, which: &str, seconds: f64, peak: Option<f64>) {
    let mb = tree.bytes as f64 / 1e6;
    println!(
        "| {name} | {} | {mb:.1} | {threads} | {which} | {seconds:.3} | {:.1} | {:.0} | {} |",
        tree.files,
        mb / seconds,
        tree.files as f64 / seconds,
        peak.map_or("n/a".to_owned(), |p| format!("{p:.0}")),
    );
}

fn main() {
    let seed = env_or("BENCH_SEED", 9);
    let sizes = [
        (Kind::MpiDense, env_or("BENCH_DENSE_MB", 16)),
        (Kind::MostlyNotMpi, env_or("BENCH_SPARSE_MB", 64)),
    ];
    println!("mpi-dtype-lint CLI throughput ({EXE}), seed {seed}");
    let mut cold_note = true;
    println!("\n| tree | files | MB | threads | run | wall s | MB/s | files/s | peak RSS MB |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut trees = Vec::new();
    for (kind, mb) in sizes {
        let tree = corpus::generate(&corpus::corpus_dir(kind.name()), kind, mb << 20, seed);
        for threads in [1, 2] {
            cold_note &= drop_caches();
            let cold = lint(&tree.root, threads);
            row(
                &tree,
                kind.name(),
                threads,
                "cold",
                cold.seconds,
                cold.peak_mb,
            );
            let warm: Vec<Run> = (0..3).map(|_| lint(&tree.root, threads)).collect();
            let peak = warm.iter().filter_map(|r| r.peak_mb).reduce(f64::max);
            let seconds = median(warm.iter().map(|r| r.seconds).collect());
            row(
                &tree,
                kind.name(),
                threads,
                "warm (median of 3)",
                seconds,
                peak,
            );
            assert!(warm.iter().all(|r| r.findings == cold.findings));
            if threads == 2 {
                trees.push((kind, tree, cold));
                break;
            }
        }
    }
    println!(
        "\ncold runs: {}",
        if cold_note {
            "page cache dropped before each (/proc/sys/vm/drop_caches)"
        } else {
            "the page cache could not be dropped here: cold = the first run on a freshly written tree"
        }
    );
    for (kind, tree, run) in &trees {
        println!(
            "\n{}: {} files, exit status {}; findings by rule (planted bugs in brackets):",
            kind.name(),
            tree.files,
            run.status
        );
        for (rule, n) in &run.findings {
            let planted: usize = Bug::ALL
                .iter()
                .filter(|b| b.rule() == rule)
                .map(|b| tree.planted(*b, false))
                .sum();
            println!("  {rule}: {n} [{planted}]");
        }
        for bug in Bug::ALL {
            if !run.findings.contains_key(bug.rule()) && tree.planted(bug, false) > 0 {
                println!("  {}: 0 [{}]", bug.rule(), tree.planted(bug, false));
            }
        }
    }
}
