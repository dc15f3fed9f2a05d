//! Real code edited: for each C or Fortran file that `REPLAY_FILES` lists (one path per line, its
//! language by its extension), 20 random edits (a blank, a comment or a line break at the end of
//! a line; in C, one in four a member added to a struct the file declares, where it declares
//! one), each analysed and checked
//! from the previous version's analysis and compared with a fresh one. Not run in CI: the files
//! are public projects fetched for the real-world runs (REALWORLD.md).
//!
//! `REPLAY_FILES=/tmp/replay_files cargo test --release -p mpi-dtype-analyzer --test realworld_edits -- --ignored --nocapture`

use analyzer::analysis::{analyze, reanalyze, Analysis, AnalysisOptions};
use analyzer::checks::{self, RuleSelection};
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;
use rand::{Rng, SeedableRng};

fn seen(analysis: &Analysis) -> String {
    let findings = checks::check(analysis, &RuleSelection::default());
    format!("{:?}\n{findings:?}", analysis.types())
}

#[test]
#[ignore = "needs REPLAY_FILES, a list of real C and Fortran files"]
fn edits_of_real_files_analyse_as_fresh() {
    let list =
        std::env::var("REPLAY_FILES").expect("REPLAY_FILES names a list of C and Fortran files");
    let list = std::fs::read_to_string(&list).expect("the list of files is readable");
    let options = AnalysisOptions::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let (mut files, mut edits, mut struct_edits, mut kept) = (0, 0, 0, 0);
    for path in list.lines() {
        let language = Language::from_path(std::path::Path::new(path));
        let (Some(language), Ok(mut text)) = (language, std::fs::read_to_string(path)) else {
            continue;
        };
        let comment = match language {
            Language::C => " /* x */",
            Language::Fortran { .. } => " ! x",
        };
        files += 1;
        let mut previous = analyze(&text, language, &options, &mut NoIncludes);
        seen(&previous);
        for _ in 0..20 {
            let ends: Vec<usize> = text
                .match_indices('\n')
                .map(|(i, _)| i)
                .filter(|&i| i > 0 && text.as_bytes()[i - 1] != b'\\')
                .collect();
            let Some(&at) = ends.get(rng.gen_range(0..ends.len().max(1))) else {
                break;
            };
            let structs = match language {
                Language::C => struct_bodies(&text),
                Language::Fortran { .. } => Vec::new(),
            };
            let (at, piece) = match structs.is_empty() || rng.gen_range(0..4) > 0 {
                true => (at, [" ", comment, "\n"][rng.gen_range(0..3)]),
                false => (structs[rng.gen_range(0..structs.len())], " int added;"),
            };
            text.insert_str(at, piece);
            struct_edits += usize::from(piece == " int added;");
            let new = reanalyze(Some(&previous), &text, language, &options, &mut NoIncludes);
            let fresh = analyze(&text, language, &options, &mut NoIncludes);
            assert_eq!(seen(&new), seen(&fresh), "{path}, after an edit at {at}");
            edits += 1;
            kept += usize::from(new.findings_kept() > 0);
            previous = new;
        }
    }
    println!(
        "{files} files, {edits} edits ({struct_edits} to a struct), {kept} checks kept some \
         functions' findings"
    );
}

/// Where the members of each struct the text declares start: just after `struct name {`.
fn struct_bodies(text: &str) -> Vec<usize> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices("struct ")
        .filter_map(|(i, keyword)| {
            let rest = text[i + keyword.len()..].trim_start_matches(word);
            let body = rest.trim_start().strip_prefix('{')?;
            Some(text.len() - body.len())
        })
        .collect()
}
