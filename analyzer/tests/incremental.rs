//! An analysis made from the previous version's (`reanalyze`, as the language server makes
//! them while the user types) equals a fresh analysis of the same text, after every one of
//! thousands of random edits: insertions, deletions, whole functions pasted, struct members
//! added and removed (C); comments, blank lines and numbers changed, and the same insertions
//! and deletions (Fortran, free and fixed form).

use analyzer::analysis::{analyze, reanalyze, Analysis, AnalysisOptions};
use analyzer::checks::{self, RuleSelection};
use analyzer::source::{FortranForm, Language};
use analyzer::syntax::NoIncludes;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Everything a user sees of an analysis: the types, the findings, the notes.
fn seen(analysis: &Analysis) -> String {
    let findings = checks::check(analysis, &RuleSelection::default());
    format!(
        "{:?}\n{:?}\n{:?}",
        analysis.types(),
        findings,
        analysis.notes
    )
}

const C_SNIPPETS: &[&str] = &[
    " ",
    "\n",
    "x",
    "7",
    "-",
    ";",
    "{",
    "}",
    "(",
    ")",
    "*",
    "&",
    "/*",
    "*/",
    "\"",
    "#define N 4\n",
    "#if 0\n",
    "#endif\n",
    "int n = 3;\n",
    "MPI_Type_commit(&t);\n",
    "MPI_Datatype t;\nMPI_Type_contiguous(4, MPI_INT, &t);\n",
    "MPI_Type_vector(n, 1, 8, MPI_DOUBLE, &t);\n",
    "struct extra { int a; double b; };\n",
];

/// A byte offset at a character boundary of `text`.
fn boundary(rng: &mut ChaCha8Rng, text: &str) -> usize {
    let mut at = rng.gen_range(0..=text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A function definition of `text` (from a line that opens one to the `}` alone on its line).
fn some_function(rng: &mut ChaCha8Rng, text: &str) -> Option<(usize, usize)> {
    let starts: Vec<usize> = text
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .filter(|&i| {
            let line = text[i..].lines().next().unwrap_or("");
            line.starts_with(|c: char| c.is_ascii_alphabetic())
                && line.contains('(')
                && !line.trim_end().ends_with(';')
        })
        .collect();
    let start = *starts.get(rng.gen_range(0..starts.len().max(1)))?;
    let end = start + text[start..].find("\n}\n")? + 3;
    Some((start, end))
}

/// A C edit that keeps well-formed code well-formed: a comment or blank at the end of a line, a
/// whole function pasted before another, a member added to or taken from a struct.
fn c_well_formed_edit(rng: &mut ChaCha8Rng, text: &mut String) {
    match rng.gen_range(0..4) {
        0 | 1 => {
            let ends: Vec<usize> = text
                .match_indices('\n')
                .map(|(i, _)| i)
                .filter(|&i| i > 0 && text.as_bytes()[i - 1] != b'\\')
                .collect();
            if let Some(&at) = ends.get(rng.gen_range(0..ends.len().max(1))) {
                let comment = [" ", "  /* note */", " // x", "\n"][rng.gen_range(0..4)];
                text.insert_str(at, comment);
            }
        }
        2 => {
            if let (Some((start, end)), Some((before, _))) =
                (some_function(rng, text), some_function(rng, text))
            {
                let function = text[start..end].to_owned();
                text.insert_str(before, &function);
            }
        }
        _ => {
            let bodies: Vec<usize> = text
                .match_indices("struct ")
                .filter_map(|(i, _)| {
                    let open = i + text[i..].find(['{', ';', '('])?;
                    (text.as_bytes()[open] == b'{').then_some(open + 1)
                })
                .collect();
            let Some(&open) = bodies.get(rng.gen_range(0..bodies.len().max(1))) else {
                return;
            };
            match text[open..].find(';') {
                Some(end) if rng.gen_bool(0.5) && text[open..open + end].trim().len() > 2 => {
                    let member_end = open + end + 1;
                    // Only when another member follows: a struct keeps one.
                    if !text[member_end..].trim_start().starts_with('}') {
                        text.replace_range(open..member_end, "");
                    }
                }
                _ => text.insert_str(open, " char pad[3];"),
            }
        }
    }
}

const FORTRAN_SNIPPETS: &[&str] = &[
    " ",
    "\n",
    "x",
    "7",
    "(",
    ")",
    ",",
    "&",
    "!",
    "'",
    "C",
    "end\n",
    "      END\n",
    "subroutine extra\n",
    "integer :: n = 3\n",
    "call MPI_Type_commit(t, ierr)\n",
    "      CALL MPI_TYPE_CONTIGUOUS(4, MPI_INTEGER, T, IERR)\n",
    "      INTEGER T, IERR\n",
    // What the units after an item read of it: macros, modules, loops, procedures.
    "#define WIDE\n",
    "#ifdef WIDE\n",
    "#endif\n",
    "do i = 1, 2\nend do\n",
    "module extra\ninteger, parameter :: n = 5\nend module extra\n",
    "use extra\n",
    "contains\n",
];

fn free_form_well_formed_edit(rng: &mut ChaCha8Rng, text: &mut String) {
    fortran_well_formed_edit(rng, text, "! note\n");
}

fn fixed_form_well_formed_edit(rng: &mut ChaCha8Rng, text: &mut String) {
    fortran_well_formed_edit(rng, text, "C     note\n");
}

/// A Fortran edit that keeps well-formed code well-formed: a comment line (`comment`) or a
/// blank line inserted, or a digit changed (the sizes, counts and strides the types are built
/// from).
fn fortran_well_formed_edit(rng: &mut ChaCha8Rng, text: &mut String, comment: &str) {
    if rng.gen_range(0..3) == 0 {
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .filter(|&i| i < text.len())
            .collect();
        let at = line_starts[rng.gen_range(0..line_starts.len())];
        text.insert_str(at, [comment, "\n"][rng.gen_range(0..2)]);
        return;
    }
    // Not in a label or a continuation mark of fixed form (columns 1 to 6).
    let mut digits = Vec::new();
    let mut line_start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            line_start = i + 1;
        } else if b.is_ascii_digit() && i - line_start >= 6 {
            digits.push(i);
        }
    }
    if let Some(&at) = digits.get(rng.gen_range(0..digits.len().max(1))) {
        let digit = (b'1' + rng.gen_range(0..9)) as char;
        text.replace_range(at..at + 1, &digit.to_string());
    }
}

/// An edit that may break anything: a snippet inserted or a run of bytes deleted anywhere.
fn any_edit(rng: &mut ChaCha8Rng, text: &mut String, snippets: &[&str]) {
    if rng.gen_bool(0.6) {
        let at = boundary(rng, text);
        text.insert_str(at, snippets[rng.gen_range(0..snippets.len())]);
    } else {
        let start = boundary(rng, text);
        let mut end = (start + rng.gen_range(1..40)).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.replace_range(start..end, "");
    }
}

/// The files of `testdata/<directory>`, one after the other.
fn testdata(directory: &str, names: &[&str]) -> String {
    names
        .iter()
        .map(|name| {
            let path = format!(
                "{}/../testdata/{directory}/{name}",
                env!("CARGO_MANIFEST_DIR")
            );
            std::fs::read_to_string(path).unwrap()
        })
        .collect()
}

/// How much of an analysis was made from the previous version's.
#[derive(Default)]
struct Reused {
    /// Parses made from the previous one's tree.
    parses: usize,
    /// Checks that kept some functions' findings.
    checks: usize,
    /// C pre-passes that stopped before the end of the text, the rest being the previous one's.
    prepass_stops: usize,
    edits: usize,
}

/// The C text with its directives and declarations (each once) before its functions: an edit
/// before an item that is no function moves it, which changes the program's context (its
/// items' places, `syntax/c/memo.rs`), and then no function's results are kept.
fn items_first(text: &str) -> String {
    let (mut items, mut functions) = (Vec::<String>::new(), String::new());
    let mut item = String::new();
    let mut depth = 0usize;
    let mut in_item = false;
    for line in text.lines() {
        if depth == 0 && !line.starts_with([' ', '\t', '}', '/', '*']) && !line.is_empty() {
            in_item = line.starts_with('#')
                || line.starts_with("struct ")
                || line.starts_with("typedef ")
                || line.trim_end().ends_with(';');
        }
        depth = (depth + line.matches('{').count()).saturating_sub(line.matches('}').count());
        let text = if in_item { &mut item } else { &mut functions };
        text.push_str(line);
        text.push('\n');
        if in_item && depth == 0 {
            if !items.contains(&item) {
                items.push(item.clone());
            }
            item.clear();
            in_item = false;
        }
    }
    items.concat() + &functions
}

/// Edits `base` at random, 500 times in each of `rounds` rounds, and compares the analysis
/// made from the previous version's with a fresh one after each edit.
fn every_edit_analyses_as_fresh(
    base: &str,
    language: Language,
    well_formed_edit: fn(&mut ChaCha8Rng, &mut String),
    snippets: &[&str],
    (seed, rounds): (u64, usize),
) -> Reused {
    let options = AnalysisOptions::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut reused = Reused::default();
    for _round in 0..rounds {
        // Typing goes from well-formed code through broken code and back: each edit is made to
        // the last well-formed text (which it keeps well-formed) or to the current one.
        let mut well_formed = base.to_owned();
        let mut text = base.to_owned();
        let mut previous = analyze(&text, language, &options, &mut NoIncludes);
        for _ in 0..500 {
            if rng.gen_bool(0.6) {
                well_formed_edit(&mut rng, &mut well_formed);
                if well_formed.len() > 2 * base.len() {
                    well_formed = base.to_owned();
                }
                text = well_formed.clone();
            } else {
                any_edit(&mut rng, &mut text, snippets);
            }
            let incremental =
                reanalyze(Some(&previous), &text, language, &options, &mut NoIncludes);
            let fresh = analyze(&text, language, &options, &mut NoIncludes);
            assert_eq!(
                seen(&incremental),
                seen(&fresh),
                "after edit {}, text:\n{text}",
                reused.edits
            );
            reused.edits += 1;
            reused.parses += usize::from(incremental.parse_reused());
            let scanned = incremental.prepass_scanned();
            reused.prepass_stops += usize::from(scanned.is_some_and(|s| s.end < text.len()));
            reused.checks += usize::from(incremental.findings_kept() > 0);
            previous = incremental;
        }
    }
    reused
}

#[test]
fn an_analysis_made_from_the_previous_one_equals_a_fresh_one_after_every_edit() {
    // With bound markers and rank variables, which the checks keep per function.
    let base = testdata(
        "c",
        &[
            "bcast_config_struct.c",
            "petsc_struct_offsetof_resized.c",
            "pack_unpack_checkpoint.c",
        ],
    ) + &testdata("rules/deprecated-api", &["mpi1_struct_ub_particles.c"])
        + &testdata("rules/signature-mismatch", &["self_sendrecv_truncation.c"]);
    let Reused {
        parses,
        edits,
        prepass_stops,
        ..
    } = every_edit_analyses_as_fresh(&base, Language::C, c_well_formed_edit, C_SNIPPETS, (21, 4));
    // The well-formed texts are parsed from the previous tree, and pre-passed from the previous
    // pre-pass, which stops before the end of the text.
    assert!(parses * 3 > edits, "{parses} of {edits} parses reused");
    assert!(
        prepass_stops * 3 > edits,
        "{prepass_stops} of {edits} pre-passes stopped"
    );
    println!("{parses} of {edits} parses made from the previous one");
}

#[test]
fn the_findings_kept_from_the_previous_version_equal_a_fresh_check_after_every_edit() {
    // A finding of every rule that reads only roots (but address-kind, Fortran's), most with
    // a fix.
    let rules = [
        ("extent-mismatch", "halo_records_pointer_param.c"),
        ("displacement-mismatch", "simd_aligned_sizeof_sum.c"),
        ("field-type-mismatch", "long_gid_as_int.c"),
        ("missing-commit", "halo_sendrecv_same_type.c"),
        ("type-leak", "static_handle_built_once.c"),
        ("count-mismatch", "indexed_stale_macro.c"),
        ("buffer-overflow", "two_columns_vector.c"),
        ("buffer-type-mismatch", "long_ids_as_int.c"),
        ("invalid-argument", "swapped_count_and_type.c"),
        ("misaligned-displacement", "hvector_stride_in_elements.c"),
        ("overlapping-receive", "pair_vector_stride_one.c"),
        ("use-after-free", "halo_sendrecv_after_free.c"),
    ];
    let texts: Vec<String> = rules
        .iter()
        .map(|(rule, name)| testdata(&format!("rules/{rule}"), &[name]))
        .collect();
    let base = items_first(&texts.concat());
    let fresh = analyze(
        &base,
        Language::C,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    );
    let found = checks::check(&fresh, &RuleSelection::default());
    for (rule, _) in rules {
        assert!(
            found.iter().any(|d| d.rule.id == rule),
            "no {rule} in\n{base}"
        );
    }
    let Reused { checks, edits, .. } =
        every_edit_analyses_as_fresh(&base, Language::C, c_well_formed_edit, C_SNIPPETS, (22, 2));
    // Many edits leave some functions' findings to keep (a third with this seed; in the others
    // the text is broken, or the edit changed or moved an item that is no function).
    assert!(
        checks * 4 > edits,
        "{checks} of {edits} checks kept findings"
    );
    println!("{checks} of {edits} checks kept some functions' findings");
}

#[test]
fn a_fortran_analysis_made_from_the_previous_one_equals_a_fresh_one_after_every_edit() {
    let forms = [
        (
            FortranForm::Free,
            free_form_well_formed_edit as fn(&mut ChaCha8Rng, &mut String),
            &[
                "halo_subarray_2d.f90",
                "host_association_writes.f90",
                "derived_type_components.f90",
                "module_procedure_builds_type.f90",
                "module_variable_changed_by_external.f90",
            ][..],
        ),
        (
            FortranForm::Fixed,
            fixed_form_well_formed_edit,
            &[
                "common_block_sizes.f",
                "indexed_block_fixed.f",
                "goto_error_exit.f",
            ][..],
        ),
    ];
    for (form, well_formed_edit, names) in forms {
        let base = testdata("fortran", names);
        let language = Language::Fortran {
            form,
            preprocessed: false,
        };
        let Reused { parses, edits, .. } = every_edit_analyses_as_fresh(
            &base,
            language,
            well_formed_edit,
            FORTRAN_SNIPPETS,
            (20, 4),
        );
        assert!(
            parses * 3 > edits,
            "{form:?}: {parses} of {edits} parses reused"
        );
        println!("{form:?}: {parses} of {edits} parses made from the previous one");
    }
}
