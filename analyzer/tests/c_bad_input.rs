//! Bad C input: every case gives a result (possibly partial) with a note, and no panic.
//! Each runs well within 2 s in debug and release builds (measured; not asserted here).

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::checks::{check, RuleSelection};
use analyzer::source::{Decoded, Language, SourceText};
use analyzer::syntax::NoIncludes;

fn run(text: &str) -> Analysis {
    analyze(
        text,
        Language::C,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    )
}

/// One vector type the analysis must still find after the bad part.
const GOOD: &str =
    "void good(void) {\n  MPI_Datatype t;\n  MPI_Type_vector(2, 1, 4, MPI_INT, &t);\n}\n";

fn vector_found(analysis: &Analysis) -> bool {
    analysis
        .types()
        .iter()
        .any(|t| t.name == "t" && t.datatype.as_ref().is_some_and(|d| d.size() == 8))
}

fn has_note(analysis: &Analysis, fragment: &str) -> bool {
    analysis.notes.iter().any(|n| n.message.contains(fragment))
}

#[test]
fn parse_errors_are_notes_and_the_rest_is_analysed() {
    let text = format!("int x = ;\nstruct s {{ int a; ) int b; }};\n@@@ ### $$$\n{GOOD}");
    let analysis = run(&text);
    assert!(
        has_note(&analysis, "could not parse"),
        "{:?}",
        analysis.notes
    );
    assert!(vector_found(&analysis));
}

/// Lines typed one character at a time: at every step the function after them keeps its
/// analysis (tree-sitter's recovery took it into the ERROR of the half line), and so does the
/// code before and after the line in its own function.
#[test]
fn a_half_typed_line_keeps_the_code_it_is_not_in() {
    let lines = [
        "  for (int i = 0; i < 4; i++) { MPI_Type_free(&u); }",
        "  err = MPI_Type_commit(&u);",
        "  if (n > 2) MPI_Type_free(&u);",
    ];
    for line in lines {
        for cut in 0..=line.len() {
            let typed = &line[..cut];
            let text = format!(
                "void typing(int n)\n{{\n  int err;\n  MPI_Datatype u, w;\n  MPI_Type_contiguous(3, MPI_INT, &u);\n{typed}\n  MPI_Type_vector(2, 2, 3, MPI_INT, &w);\n}}\n{GOOD}"
            );
            let analysis = run(&text);
            assert!(vector_found(&analysis), "after `{typed}`");
            let size = |name: &str| {
                analysis
                    .types()
                    .iter()
                    .find(|t| t.name == name)
                    .and_then(|t| t.datatype.as_ref().map(|d| d.size()))
            };
            assert_eq!(size("u"), Some(12), "after `{typed}`");
            assert_eq!(size("w"), Some(16), "after `{typed}`");
        }
    }
}

/// A half-typed line may become anything once finished: no finding after it relies on what
/// it does not say yet. `MPI_Type_c` may become the commit of `u`; so may `MPI_T` alone on its
/// line, which could also be a statement macro of a header not found.
#[test]
fn a_half_typed_line_may_change_any_variable() {
    let program = |typed: &str| {
        format!(
            "void typing(MPI_Comm comm)\n{{\n  int err;\n  MPI_Datatype u;\n  MPI_Type_contiguous(3, MPI_INT, &u);\n{typed}\n  MPI_Send(NULL, 1, u, 0, 0, comm);\n  MPI_Type_free(&u);\n}}\n"
        )
    };
    let missing_commit = |typed: &str| {
        check(&run(&program(typed)), &RuleSelection::default())
            .iter()
            .any(|d| d.rule.id == "missing-commit")
    };
    assert!(missing_commit(""));
    // From `M` on, up to the whole line (before, `err =` and the send make a statement).
    for (line, first) in [
        ("  err = MPI_Type_commit(&u);", "  err = M"),
        ("  MPI_Type_commit(&u);", "  M"),
    ] {
        for cut in first.len()..=line.len() {
            let typed = &line[..cut];
            assert!(!missing_commit(typed), "after `{typed}`");
            let analysis = run(&program(typed));
            if cut < line.len() - 1 {
                assert!(
                    has_note(&analysis, "may change any variable"),
                    "after `{typed}`: {:?}",
                    analysis.notes
                );
            }
        }
    }
    // A statement macro of a header not found that is no MPI routine's start is read as one.
    assert!(missing_commit("  CHECK_ERR"));
}

/// The recovery parses again at most a few times the file: a broken line in each of a
/// thousand functions still ends at once, with the last function's type known.
#[test]
fn a_broken_line_in_every_function_is_parsed_again_within_a_budget() {
    let broken = "void f(void)\n{\n  for (int i = 0; i <\n}\n".repeat(1000);
    let analysis = run(&format!("{broken}{GOOD}"));
    assert!(has_note(&analysis, "could not parse"));
    let _ = vector_found(&analysis);
}

#[test]
fn invalid_utf8_is_decoded_lossily_with_a_note() {
    let mut bytes = b"/* caf\xe9 \xff\xfe */\n".to_vec();
    bytes.extend_from_slice(GOOD.as_bytes());
    let Decoded::Text(text) = SourceText::decode(&bytes) else {
        panic!("decoded as binary")
    };
    assert!(!text.notes().is_empty(), "no note about the invalid bytes");
    assert!(vector_found(&run(text.as_str())));
}

#[test]
fn a_file_of_50_mb_gives_a_partial_result_with_a_note() {
    let unit = "int f_N(void) { int a[4] = {1, 2, 3, 4}; return a[1] + a[2] * 3; }\n";
    let mut text = String::from(GOOD);
    while text.len() < 50 << 20 {
        text.push_str(unit);
    }
    let analysis = run(&text);
    assert!(vector_found(&analysis));
    assert!(
        has_note(&analysis, "only the first"),
        "{:?}",
        analysis.notes.first()
    );
}

#[test]
fn ten_thousand_nested_parentheses() {
    let depth = 10_000;
    let text = format!(
        "int deep = {}1{};\n{GOOD}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let analysis = run(&text);
    assert!(
        has_note(&analysis, "nesting deeper"),
        "{:?}",
        analysis.notes
    );
    assert!(vector_found(&analysis));
    let unbalanced = format!("int deep = {};\n{GOOD}", "(".repeat(depth));
    let analysis = run(&unbalanced);
    assert!(!analysis.notes.is_empty());
}

#[test]
fn self_recursive_and_mutually_recursive_macros() {
    let text = "#define A A + 1\n#define B C * 2\n#define C B - 1\n#define F(x) F(x) + 1\n\
                #if A > 0 || B\n#define SEEN 1\n#endif\n\
                void g(void) {\n  MPI_Datatype t, u;\n  MPI_Type_contiguous(A, MPI_INT, &t);\n\
                MPI_Type_contiguous(F(B), MPI_INT, &u);\n  MPI_Type_vector(2, 1, 4, MPI_INT, &t);\n}\n";
    let analysis = run(text);
    assert!(
        has_note(&analysis, "refers to itself"),
        "{:?}",
        analysis.notes
    );
    let types = analysis.types();
    assert_eq!(types.len(), 3);
    assert!(types[0].datatype.is_none() && types[1].datatype.is_none());
    assert!(types[2].datatype.as_ref().is_some_and(|d| d.size() == 8));
}
