//! Included files as the front ends read them: one budget over everything a file's includes
//! bring in, however they nest, and notes that never quote an included file.

use std::collections::HashMap;

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::source::{FortranForm, Language};
use analyzer::syntax::{IncludeResolver, MAX_INCLUDES};

/// Every name is found: a header that includes 20 others, each by a new name, to the depth
/// the front end allows. Counts what it is asked for.
struct FanOut {
    asked: usize,
    line: fn(&str) -> String,
}

impl IncludeResolver for FanOut {
    fn resolve(&mut self, name: &str) -> Option<String> {
        self.asked += 1;
        // Far past any budget it finds nothing more, so that a front end without one ends.
        (self.asked <= 50 * MAX_INCLUDES).then(|| {
            (0..20)
                .map(|i| (self.line)(&format!("{name}.{i}")))
                .collect()
        })
    }
}

fn lint(text: &str, language: Language, includes: &mut dyn IncludeResolver) -> Analysis {
    analyze(text, language, &AnalysisOptions::default(), includes)
}

fn budget_notes(analysis: &Analysis) -> Vec<&str> {
    analysis
        .notes
        .iter()
        .map(|n| n.message.as_str())
        .filter(|m| m.contains("every include after it not read"))
        .collect()
}

const C_MAIN: &str =
    "#include \"h\"\nvoid f(void) { MPI_Datatype t; MPI_Type_contiguous(2, MPI_INT, &t); }\n";
const FORTRAN_MAIN: &str = "program p\n  use mpi\n  include 'h'\n  integer :: t, ierr\n  call MPI_Type_contiguous(2, MPI_INTEGER, t, ierr)\nend program\n";

#[test]
fn c_includes_stop_at_one_budget_for_the_file() {
    let mut includes = FanOut {
        asked: 0,
        line: |name| format!("#include \"{name}\"\nint v_{};\n", name.replace('.', "_")),
    };
    let analysis = lint(C_MAIN, Language::C, &mut includes);
    // 20 to the 8th without the budget.
    assert!(includes.asked <= MAX_INCLUDES, "{} asked", includes.asked);
    assert_eq!(budget_notes(&analysis).len(), 1, "{:?}", analysis.notes);
}

#[test]
fn fortran_includes_stop_at_one_budget_for_the_file() {
    let mut includes = FanOut {
        asked: 0,
        line: |name| format!("include '{name}'\n"),
    };
    let free = Language::Fortran {
        form: FortranForm::Free,
        preprocessed: false,
    };
    let analysis = lint(FORTRAN_MAIN, free, &mut includes);
    assert!(includes.asked <= MAX_INCLUDES, "{} asked", includes.asked);
    assert_eq!(budget_notes(&analysis).len(), 1, "{:?}", analysis.notes);
}

/// The same few headers, each included 20 times by the one before: read once each, but lowered
/// every time, which the budget counts.
#[test]
fn one_header_included_again_and_again_counts_each_time() {
    let mut headers: HashMap<String, String> = (1..4)
        .map(|level| {
            let next = format!("#include \"h{}\"\n", level + 1).repeat(20);
            (format!("h{level}"), next)
        })
        .collect();
    headers.insert("h4".to_owned(), "int leaf;\n".to_owned());
    let (_, code) = C_MAIN.split_once('\n').unwrap();
    let main = format!("{}{code}", "#include \"h1\"\n".repeat(20));
    // 20^4 = 160,000 inclusions of h4 without the budget.
    let analysis = lint(&main, Language::C, &mut headers);
    assert_eq!(budget_notes(&analysis).len(), 1, "{:?}", analysis.notes);
}

#[test]
fn notes_name_an_included_file_and_line_but_never_quote_it() {
    let mut headers: HashMap<String, String> = HashMap::from([(
        "secret.h".to_owned(),
        "int x;\nstruct { int a; hunter2 correct horse battery staple } y;\n".to_owned(),
    )]);
    let main = "#include \"secret.h\"\nvoid f(void) { MPI_Datatype t; MPI_Type_contiguous(2, MPI_INT, &t); }\nint main_file_error = = 1;\n";
    let analysis = lint(main, Language::C, &mut headers);
    let notes: Vec<&str> = analysis.notes.iter().map(|n| n.message.as_str()).collect();
    for secret in ["hunter2", "correct", "horse", "battery", "staple"] {
        assert!(
            notes.iter().all(|n| !n.contains(secret)),
            "an included file quoted: {notes:?}"
        );
    }
    assert!(
        notes.iter().any(|n| n.contains("line 2 of `secret.h`")),
        "{notes:?}"
    );
    // The linted file's own text is still quoted.
    assert!(
        notes
            .iter()
            .any(|n| n.contains("`int main_file_error = = 1;`")),
        "{notes:?}"
    );
}
