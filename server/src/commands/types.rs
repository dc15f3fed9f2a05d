//! `mpi-dtype-lint types`: every datatype the code defines, evaluated.

use std::io::Write;
use std::process::ExitCode;

use analyzer::analysis::{signature_text, TypeReport};
use analyzer::dtype::{MpiModel, Partial};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::AnalysisArgs;
use crate::files;
use crate::lint::{self, Contexts, FileReport, Settings};
use crate::output::display_path;

/// One entry of `types --format json`, as ARCHITECTURE.md fixes it.
#[derive(Serialize)]
struct JsonType {
    file: String,
    line: u32,
    column: u32,
    /// For a call that built other datatypes through other calls of the file's functions: the
    /// chain of calls of this entry, outermost first.
    via: Vec<Position>,
    name: String,
    constructor: &'static str,
    size: Option<i128>,
    lb: Option<i128>,
    ub: Option<i128>,
    extent: Option<i128>,
    true_lb: Option<i128>,
    true_extent: Option<i128>,
    committed: Option<bool>,
    signature: Option<String>,
}

/// A place in the file, 1-based.
#[derive(Serialize)]
struct Position {
    line: u32,
    column: u32,
}

/// `types --format json`, fields in the order ARCHITECTURE.md gives.
#[derive(Serialize)]
struct Types<'a> {
    types: &'a [JsonType],
}

/// Runs of the signature shown before "...".
const SIGNATURE_RUNS: usize = 8;

pub fn run(args: &AnalysisArgs, settings: &Settings, json: bool) -> Result<ExitCode, String> {
    let mut contexts = Contexts::new(settings);
    let mut walk = files::collect(&args.paths, !args.no_ignore, &|path| {
        contexts.language(path)
    });
    let sources = std::mem::take(&mut walk.files);
    contexts.index_modules(&sources);
    let analysed: Vec<(FileReport, Vec<JsonType>)> = sources
        .par_iter()
        .map(|source| {
            let (report, analysed) = lint::analyze_file(source, &contexts);
            let file = display_path(&source.path);
            let entries = analysed.map_or_else(Vec::new, |(analysis, _)| {
                analysis
                    .types()
                    .iter()
                    .map(|t| json_entry(&file, t, analysis.model))
                    .collect()
            });
            (report, entries)
        })
        .collect();
    let (reports, entries): (Vec<FileReport>, Vec<Vec<JsonType>>) = analysed.into_iter().unzip();
    let entries: Vec<JsonType> = entries.into_iter().flatten().collect();
    let mut out = std::io::stdout().lock();
    let written = if json {
        serde_json::to_writer_pretty(&mut out, &Types { types: &entries })
            .map_err(|e| e.to_string())
            .and_then(|()| writeln!(out).map_err(|e| e.to_string()))
    } else {
        write_table(&mut out, &entries).map_err(|e| e.to_string())
    };
    written?;
    let problems = super::Problems::of(walk, &reports);
    problems.tell(false);
    Ok(if problems.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

fn json_entry(file: &str, report: &TypeReport, model: MpiModel) -> JsonType {
    // A datatype known in part reports what is known; the rest is null.
    let known = report
        .datatype
        .as_ref()
        .map(Partial::of)
        .or_else(|| report.partial.clone());
    let s = known.map(|p| *p.summary(model)).unwrap_or_default();
    JsonType {
        file: file.to_owned(),
        line: report.line,
        column: report.column,
        via: report
            .via
            .iter()
            .map(|&(line, column)| Position { line, column })
            .collect(),
        name: report.name.clone(),
        constructor: report.constructor,
        size: s.size,
        lb: s.lb,
        ub: s.ub(),
        extent: s.extent,
        true_lb: s.true_lb,
        true_extent: s.true_extent,
        committed: report.committed,
        signature: report
            .datatype
            .as_ref()
            .and_then(|d| signature_text(d, SIGNATURE_RUNS)),
    }
}

/// `file:line:column`, and for a call reached through calls of the file's functions with other
/// results, the chain: `via 12:5 > 30:9`.
fn location(e: &JsonType) -> String {
    let mut text = format!("{}:{}:{}", e.file, e.line, e.column);
    if !e.via.is_empty() {
        let chain: Vec<String> = e
            .via
            .iter()
            .map(|p| format!("{}:{}", p.line, p.column))
            .collect();
        text.push_str(" via ");
        text.push_str(&chain.join(" > "));
    }
    text
}

fn write_table(out: &mut impl Write, entries: &[JsonType]) -> std::io::Result<()> {
    let show = |v: Option<i128>| v.map_or_else(|| "?".to_owned(), |v| v.to_string());
    let rows: Vec<[String; 8]> = entries
        .iter()
        .map(|e| {
            [
                location(e),
                e.name.clone(),
                e.constructor.trim_start_matches("MPI_").to_owned(),
                show(e.size),
                show(e.lb),
                show(e.extent),
                format!("{}/{}", show(e.true_lb), show(e.true_extent)),
                e.signature.clone().unwrap_or_else(|| "?".to_owned()),
            ]
        })
        .collect();
    let header = [
        "location",
        "handle",
        "constructor",
        "size",
        "lb",
        "extent",
        "true lb/extent",
        "signature",
    ]
    .map(str::to_owned);
    let mut widths = header.clone().map(|h| h.len());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        writeln!(out, "{}", cells.join("  ").trim_end())?;
    }
    writeln!(
        out,
        "{} datatype{}",
        entries.len(),
        if entries.len() == 1 { "" } else { "s" }
    )
}
