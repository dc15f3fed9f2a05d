//! Code actions, inlay hints, document symbols and go to definition.

mod lsp_harness;

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;
use insta::assert_json_snapshot;
use lsp_harness::{fixture, position_of, Client};
use serde_json::{json, Value};

const PARTICLES: &str = "file:///fixtures/seed_4_17_particles.c";

async fn opened(uri: &str, text: &str) -> Client {
    let mut client = Client::default().await;
    client.open(uri, "c", text).await;
    client
}

fn whole_document() -> Value {
    json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 100000, "character": 0 } })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inlay_hints_follow_every_constructor_call() {
    let mut client = opened(PARTICLES, &fixture("c/seed_4_17_particles.c")).await;
    let hints = client
        .result(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": PARTICLES }, "range": whole_document() }),
        )
        .await;
    assert_json_snapshot!(hints);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn document_symbols_are_the_datatype_handles() {
    let mut client = opened(PARTICLES, &fixture("c/seed_4_17_particles.c")).await;
    let symbols = client.symbols(PARTICLES).await;
    assert_json_snapshot!(symbols);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn definition_of_a_handle_is_its_constructor_call() {
    let text = fixture("c/seed_4_17_particles.c");
    let mut client = opened(PARTICLES, &text).await;
    let (line, character) = position_of(&text, "MPI_Type_free(&Particletype", 16);
    let definition = client.definition(PARTICLES, line, character).await;
    let (def_line, _) = position_of(&text, "MPI_Type_create_struct(3", 0);
    assert_eq!(definition[0]["range"]["start"]["line"], def_line);
    assert_json_snapshot!(definition);
}

const MISSING_COMMIT: &str = "#include <mpi.h>
static double a[8][8];
void f(int rank)
{
    MPI_Datatype column;
    MPI_Type_vector(8, 1, 8, MPI_DOUBLE, &column);
    MPI_Send(&a[0][0], 1, column, rank, 0, MPI_COMM_WORLD);
    MPI_Type_free(&column);
}
";

/// The code actions offered at one position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fix_is_a_quick_fix() {
    let uri = "file:///fixtures/missing_commit.c";
    let mut client = opened(uri, MISSING_COMMIT).await;
    let (line, character) = position_of(MISSING_COMMIT, "column, rank", 2);
    let actions = client.code_actions(uri, line, character).await;
    assert_json_snapshot!(actions);
}

/// The generated code, inserted into the file, must describe the struct exactly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generated_datatype_has_the_struct_size_and_extent() {
    let text = fixture("c/seed_4_17_particles.c");
    let mut client = opened(PARTICLES, &text).await;
    let (line, character) = position_of(&text, "double d[6]", 0);
    let actions = client.code_actions(PARTICLES, line, character).await;
    let generate = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Generate MPI datatype for struct Partstruct")
        .expect("the generate action");
    assert_json_snapshot!(generate);
    let edits = generate["edit"]["changes"][PARTICLES].as_array().unwrap();
    let generated = apply(&text, edits);
    let analysis = analyze(
        &generated,
        Language::C,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    );
    let resized = analysis
        .types()
        .into_iter()
        .find(|t| t.name == "resized")
        .expect("the generated resized type");
    let summary = *resized
        .datatype
        .expect("a known datatype")
        .summary(analysis.model);
    assert_eq!((summary.size, summary.lb, summary.extent()), (59, 0, 64));
}

/// Applies LSP text edits (non-overlapping) to a text with ASCII lines.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            let r = &e["range"];
            (
                offset(&r["start"]),
                offset(&r["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_owned();
    for (start, end, new_text) in spans {
        out.replace_range(start..end, new_text);
    }
    out
}

/// A fix `--fix` would not apply says so in its title.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unsafe_fixes_are_marked_in_their_titles() {
    let uri = "file:///fixtures/seed_4_13_section3d.f";
    let text = fixture("fortran/seed_4_13_section3d.f");
    let mut client = Client::default().await;
    client.open(uri, "fortran", &text).await;
    client.diagnostics(uri, 1).await;
    let (line, character) = position_of(&text, "MPI_TYPE_HVECTOR(9, 1, 100*sizeofreal", 0);
    let actions = client.code_actions(uri, line, character + 1).await;
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["kind"] == "quickfix")
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(!titles.is_empty(), "{actions}");
    assert!(
        titles
            .iter()
            .all(|t| t.ends_with("(unsafe: review the change)")),
        "{titles:?}"
    );
}
