//! What the language server computes after an edit, without the server: on the 10,000-line file
//! of `lsp_latency`, a full analysis and checks; and after a one-line edit in a function
//! halfway down, the analysis made from the previous one (`reanalyze`) and the checks of it;
//! `reanalyze` after the same edit in the first function, which moves all the others, and after
//! a member added to the struct one function in ten uses, with the checks of it.
//! The parts of `lsp_latency`'s one-line edit that the analyzer owns, one by one. Then the
//! full analysis and the analysis after an edit of a 10,000-line free-form Fortran file, its
//! subroutines at the top of the file and as the procedures of one module; and the analysis
//! after an edit to a module that one subroutine in ten uses.
//!
//! `cargo bench -p mpi-dtype-lint --bench edit_analysis`

mod edited_file;

use analyzer::analysis::{analyze, reanalyze, AnalysisOptions};
use analyzer::checks::{self, RuleSelection};
use analyzer::source::{FortranForm, Language};
use analyzer::syntax::NoIncludes;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn edit_analysis(c: &mut Criterion) {
    let options = AnalysisOptions::default();
    let rules = RuleSelection::default();
    let text = edited_file::text();
    // A line added to the function halfway down, and to the first one: after that edit every
    // function of the file has moved.
    let edited_at = |from: usize| {
        let mut edited = text.clone();
        let at = from + edited[from..].find("    MPI_Send(a").unwrap();
        edited.insert_str(at, "    rank = rank + 0;\n");
        edited
    };
    let edited = edited_at(text.len() / 2);
    let edited_first = edited_at(0);
    let struct_edited = text.replacen("struct halo {", "struct halo { int pad;", 1);
    let analyse = |text: &str| analyze(text, Language::C, &options, &mut NoIncludes);
    let previous = analyse(&text);
    // As in the server, whose checks of each version keep what the next version's reuse.
    checks::check(&previous, &rules);
    let after_edit = || {
        reanalyze(
            Some(&previous),
            &edited,
            Language::C,
            &options,
            &mut NoIncludes,
        )
    };

    let mut group = c.benchmark_group("edit_analysis");
    group.sample_size(20);
    group.bench_function("full analysis", |b| {
        b.iter_with_large_drop(|| analyse(&text))
    });
    group.bench_function("full checks", |b| {
        b.iter_with_large_drop(|| checks::check(&previous, &rules))
    });
    group.bench_function("reanalyze after a one-line edit", |b| {
        b.iter_with_large_drop(after_edit)
    });
    group.bench_function(
        "reanalyze after a one-line edit in the first function",
        |b| {
            b.iter_with_large_drop(|| {
                reanalyze(
                    Some(&previous),
                    &edited_first,
                    Language::C,
                    &options,
                    &mut NoIncludes,
                )
            })
        },
    );
    // Each on a new analysis, as in the server: the checks of one keep what they found of it
    // (`Analysis::names`), which a second check of the same analysis would only look up.
    group.bench_function("checks after a one-line edit", |b| {
        b.iter_batched_ref(
            after_edit,
            |analysis| checks::check(analysis, &rules),
            BatchSize::SmallInput,
        )
    });
    let after_struct_edit = || {
        reanalyze(
            Some(&previous),
            &struct_edited,
            Language::C,
            &options,
            &mut NoIncludes,
        )
    };
    group.bench_function("reanalyze after a member added to a struct", |b| {
        b.iter_with_large_drop(after_struct_edit)
    });
    group.bench_function("checks after a member added to a struct", |b| {
        b.iter_batched_ref(
            after_struct_edit,
            |analysis| checks::check(analysis, &rules),
            BatchSize::SmallInput,
        )
    });

    let fortran = Language::Fortran {
        form: FortranForm::Free,
        preprocessed: false,
    };
    let analyse = |text: &str| analyze(text, fortran, &options, &mut NoIncludes);
    for (what, text) in [
        ("Fortran", edited_file::fortran_text()),
        ("Fortran module", edited_file::fortran_module_text()),
    ] {
        let mut edited = text.clone();
        let middle = edited.len() / 2;
        let at = middle + edited[middle..].find("  call MPI_Send(a").unwrap();
        edited.insert_str(at, "  rank = rank + 0\n");
        let previous = analyse(&text);
        group.bench_function(format!("{what} full analysis"), |b| {
            b.iter_with_large_drop(|| analyse(&text))
        });
        group.bench_function(format!("{what} reanalyze after a one-line edit"), |b| {
            b.iter_with_large_drop(|| {
                reanalyze(Some(&previous), &edited, fortran, &options, &mut NoIncludes)
            })
        });
    }
    let text = edited_file::fortran_units_using_a_module();
    let edited = text.replace("halo_rows = 8", "halo_rows = 9");
    let previous = analyse(&text);
    group.bench_function(
        "Fortran reanalyze after an edit to a module one unit in ten uses",
        |b| {
            b.iter_with_large_drop(|| {
                reanalyze(Some(&previous), &edited, fortran, &options, &mut NoIncludes)
            })
        },
    );
    group.finish();
}

criterion_group!(benches, edit_analysis);
criterion_main!(benches);
