//! Latency of the language server on a generated 10,000-line C file: the first diagnostics;
//! hover on a handle; diagnostics after a one-line edit in a function, after a blank typed in the
//! struct declaration every function uses, after a member added to that struct, and after one
//! added to the struct one function in ten uses (from sending `didChange` to receiving
//! `publishDiagnostics`, less the debounce delay); hover right after an edit. Prints p50 and
//! p99, and the process's peak memory.
//!
//! `cargo bench -p mpi-dtype-lint --bench lsp_latency`

mod edited_file;
#[path = "../tests/lsp_harness/mod.rs"]
mod lsp_harness;

use std::time::{Duration, Instant};

use lsp_harness::Client;
use serde_json::json;

const HOVERS: usize = 500;
const EDITS: usize = 40;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn report(what: &str, mut samples: Vec<Duration>) {
    samples.sort();
    println!(
        "{what}: n {}, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        samples.len(),
        percentile(&samples, 0.50).as_secs_f64() * 1e3,
        percentile(&samples, 0.99).as_secs_f64() * 1e3,
        samples.last().unwrap().as_secs_f64() * 1e3,
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this as a quick check.
    let quick = !std::env::args().any(|a| a == "--bench");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run(quick));
}

/// The time a hover on a handle takes to answer (with the handle's extent).
async fn timed_hover(client: &mut Client, uri: &str, line: u32, column: u32) -> Duration {
    let start = Instant::now();
    let hover = client.hover(uri, line, column).await;
    let elapsed = start.elapsed();
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("extent"));
    elapsed
}

/// The document's versions: each edit types a piece of text at a place, or takes it out again.
struct Edits<'a> {
    uri: &'a str,
    version: i64,
}

impl Edits<'_> {
    fn change(
        &mut self,
        line: u32,
        character: u32,
        typed: &str,
        delete: bool,
    ) -> (i64, serde_json::Value) {
        self.version += 1;
        let end = character + if delete { typed.len() as u32 } else { 0 };
        let change = json!({
            "textDocument": { "uri": self.uri, "version": self.version },
            "contentChanges": [{
                "range": { "start": { "line": line, "character": character }, "end": { "line": line, "character": end } },
                "text": if delete { "" } else { typed }
            }]
        });
        (self.version, change)
    }
}

/// From each `didChange` (`typed` at each place, then taken out) to its `publishDiagnostics`,
/// less the debounce delay.
async fn diagnostics_after(
    client: &mut Client,
    edits: &mut Edits<'_>,
    places: &[(u32, u32)],
    typed: &str,
) -> Vec<Duration> {
    let debounce = mpi_dtype_lint::lsp::DEBOUNCE;
    let mut samples = Vec::new();
    for &(line, character) in places {
        for delete in [false, true] {
            let (version, change) = edits.change(line, character, typed, delete);
            let start = Instant::now();
            client.notify("textDocument/didChange", change).await;
            client.diagnostics(edits.uri, version).await;
            samples.push(start.elapsed().saturating_sub(debounce));
        }
    }
    samples
}

async fn run(quick: bool) {
    let text = edited_file::text();
    let uri = "file:///bench/generated.c";
    let mut client = Client::default().await;
    let opened = Instant::now();
    client.open(uri, "c", &text).await;
    client.diagnostics(uri, 1).await;
    println!(
        "{} lines, {} bytes: first diagnostics in {:.0} ms",
        text.lines().count(),
        text.len(),
        opened.elapsed().as_secs_f64() * 1e3
    );

    let uses: Vec<(u32, u32)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| Some((i as u32, l.find(", plane, rank")? as u32 + 2)))
        .collect();
    let (hovers, edit_count) = if quick { (5, 2) } else { (HOVERS, EDITS) };
    let mut samples = Vec::new();
    for k in 0..hovers {
        let (line, column) = uses[k * 7919 % uses.len()];
        samples.push(timed_hover(&mut client, uri, line, column).await);
    }
    report("hover on a handle", samples);

    let mut edits = Edits { uri, version: 1 };
    // A space typed into a function body, then taken out again.
    let lines: Vec<(u32, u32)> = (0..edit_count)
        .map(|k| (uses[k * 31 % uses.len()].0 - 1, 4))
        .collect();
    let samples = diagnostics_after(&mut client, &mut edits, &lines, " ").await;
    report(
        "diagnostics after a one-line edit in a function (debounce not counted)",
        samples,
    );

    // The same in the struct declaration every function uses; then a member added to it, and
    // to the struct one function in ten uses.
    let struct_line = |name: &str| {
        let line = text.lines().position(|l| l.starts_with(name)).unwrap();
        (line as u32, name.len() as u32)
    };
    let struct_edits = [
        (
            "struct cell {",
            " ",
            "a blank typed in a struct declaration",
        ),
        (
            "struct cell {",
            " int pad;",
            "a member added to the struct every function uses",
        ),
        (
            "struct halo {",
            " int pad;",
            "a member added to the struct one function in ten uses",
        ),
    ];
    for (name, typed, what) in struct_edits {
        let lines = vec![struct_line(name); edit_count];
        let samples = diagnostics_after(&mut client, &mut edits, &lines, typed).await;
        report(
            &format!("diagnostics after {what} (debounce not counted)"),
            samples,
        );
    }

    // A hover sent right after each edit, while the edit is being analysed.
    let mut samples = Vec::new();
    for k in 0..edit_count {
        let (line, column) = uses[k * 7919 % uses.len()];
        for delete in [false, true] {
            let (version, change) = edits.change(line - 1, 4, " ", delete);
            client.notify("textDocument/didChange", change).await;
            samples.push(timed_hover(&mut client, uri, line, column).await);
            client.diagnostics(uri, version).await;
        }
    }
    report("hover right after an edit", samples);

    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    if let Some(peak) = status.lines().find(|l| l.starts_with("VmHWM")) {
        println!("peak memory of the process (server and client): {peak}");
    }
}
