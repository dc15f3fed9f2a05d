//! An analysis made from the previous version's (`reanalyze`, as the language server makes
//! them while the user types) equals a fresh analysis of the same text, after every one of
//! thousands of random edits: insertions, deletions, whole functions pasted, struct members
//! added and removed.

use analyzer::analysis::{analyze, reanalyze, Analysis, AnalysisOptions};
use analyzer::checks::{self, RuleSelection};
use analyzer::source::Language;
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

const SNIPPETS: &[&str] = &[
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

/// An edit that keeps well-formed code well-formed: a comment or blank at the end of a line, a
/// whole function pasted before another, a member added to or taken from a struct.
fn well_formed_edit(rng: &mut ChaCha8Rng, text: &mut String) {
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

/// An edit that may break anything: a snippet inserted or a run of bytes deleted anywhere.
fn any_edit(rng: &mut ChaCha8Rng, text: &mut String) {
    if rng.gen_bool(0.6) {
        let at = boundary(rng, text);
        text.insert_str(at, SNIPPETS[rng.gen_range(0..SNIPPETS.len())]);
    } else {
        let start = boundary(rng, text);
        let mut end = (start + rng.gen_range(1..40)).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.replace_range(start..end, "");
    }
}

#[test]
fn an_analysis_made_from_the_previous_one_equals_a_fresh_one_after_every_edit() {
    let options = AnalysisOptions::default();
    let base: String = [
        "bcast_config_struct.c",
        "petsc_struct_offsetof_resized.c",
        "pack_unpack_checkpoint.c",
    ]
    .iter()
    .map(|name| {
        let path = format!("{}/../testdata/c/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    })
    .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut reused, mut edits) = (0, 0);
    for _round in 0..4 {
        // Typing goes from well-formed code through broken code and back: each edit is made to
        // the last well-formed text (which it keeps well-formed) or to the current one.
        let mut well_formed = base.clone();
        let mut text = base.clone();
        let mut previous = analyze(&text, Language::C, &options, &mut NoIncludes);
        for _ in 0..500 {
            if rng.gen_bool(0.6) {
                well_formed_edit(&mut rng, &mut well_formed);
                if well_formed.len() > 2 * base.len() {
                    well_formed = base.clone();
                }
                text = well_formed.clone();
            } else {
                any_edit(&mut rng, &mut text);
            }
            let incremental = reanalyze(
                Some(&previous),
                &text,
                Language::C,
                &options,
                &mut NoIncludes,
            );
            let fresh = analyze(&text, Language::C, &options, &mut NoIncludes);
            assert_eq!(
                seen(&incremental),
                seen(&fresh),
                "after edit {edits}, text:\n{text}"
            );
            edits += 1;
            reused += usize::from(incremental.parse_reused());
            previous = incremental;
        }
    }
    // The well-formed texts are parsed from the previous tree.
    assert!(reused * 3 > edits, "{reused} of {edits} parses reused");
    println!("{reused} of {edits} parses made from the previous one");
}
