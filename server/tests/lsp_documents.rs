//! Documents: diagnostics on open and on change (debounced, versioned, stale ones dropped),
//! incremental edits applied strictly in order, position encodings, configuration.

mod lsp_harness;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use analyzer::analysis::{Analysis, AnalysisOptions};
use analyzer::source::Language;
use analyzer::syntax::IncludeResolver;
use insta::assert_json_snapshot;
use lsp_harness::{fixture, position_of, Client};
use mpi_dtype_lint::lsp::DEBOUNCE;
use serde_json::{json, Value};
use tower_lsp_server::ls_types::Uri;

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

fn change(uri: &str, version: i64, range: Option<Value>, text: &str) -> Value {
    let mut event = json!({ "text": text });
    if let Some(range) = range {
        event["range"] = range;
    }
    json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [event] })
}

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({
        "start": { "line": start.0, "character": start.1 },
        "end": { "line": end.0, "character": end.1 }
    })
}

/// The rule ids of the findings (notes on where the analysis stopped short have none).
fn codes(published: &Value) -> Vec<Value> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d.get("code").is_some())
        .map(|d| d["code"].clone())
        .collect()
}

/// The rule ids and severities of published diagnostics, in order.
fn codes_and_severities(published: &Value) -> Vec<(Value, Value)> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].clone(), d["severity"].clone()))
        .collect()
}

/// The editor says where the analysis stopped short, and why, as the command line does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_analysis_stopped_short_is_shown_at_the_place() {
    let uri = "file:///fixtures/half_typed.c";
    let text =
        "#include <mpi.h>\nvoid f(void)\n{\n    MPI_Datatype t;\n    for (int i = 0; i <\n}\n";
    let mut client = Client::default().await;
    client.open(uri, "c", text).await;
    let published = client.diagnostics(uri, 1).await;
    let notes: Vec<&Value> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d.get("code").is_none())
        .collect();
    assert!(!notes.is_empty(), "{published}");
    for note in notes {
        assert_eq!(note["severity"], 3, "{note}");
        let message = note["message"].as_str().unwrap();
        assert!(message.starts_with("analysis stopped short: "), "{message}");
    }
}

/// A finding links its rule's documentation (a section of analyzer/RULES.md) and lists the
/// other places it is about: where the handle is built, and freed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn findings_link_their_rule_and_the_places_they_are_about() {
    let uri = "file:///fixtures/missing_commit.c";
    let mut client = Client::default().await;
    client.open(uri, "c", MISSING_COMMIT).await;
    let published = client.diagnostics(uri, 1).await;
    let finding = &published["diagnostics"][0];
    assert_eq!(finding["code"], "missing-commit", "{finding}");
    let href = finding["codeDescription"]["href"].as_str().unwrap();
    let (_, anchor) = href.split_once("/analyzer/RULES.md#").unwrap();
    let rules =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../analyzer/RULES.md"));
    assert!(
        rules.unwrap().contains(&format!("\n## {anchor}\n")),
        "{href}"
    );
    let related: Vec<(String, u64, u64)> = finding["relatedInformation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert_eq!(r["location"]["uri"], uri);
            let start = &r["location"]["range"]["start"];
            let message = r["message"].as_str().unwrap().to_owned();
            (
                message,
                start["line"].as_u64().unwrap(),
                start["character"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        related,
        vec![
            ("`column` is built here".to_owned(), 5, 4),
            ("`column` freed here".to_owned(), 7, 4),
        ]
    );
}

/// A half-typed line keeps the findings, hovers and symbols of the functions after it and of
/// the code before and after it in its own function.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_typed_line_keeps_the_results_of_the_code_it_is_not_in() {
    let uri = "file:///fixtures/typing.c";
    let text = format!("#include <mpi.h>\nvoid typing(void)\n{{\n    MPI_Datatype row;\n    MPI_Type_contiguous(4, MPI_INT, &row);\n    MPI_Type_commit(&row);\n    MPI_Type_free(&row);\n}}\n{}", &MISSING_COMMIT[17..]);
    let mut client = Client::default().await;
    client.open(uri, "c", &text).await;
    let before = client.diagnostics(uri, 1).await;
    assert_eq!(codes(&before), vec![json!("missing-commit")]);
    let at = position_of(&text, "    MPI_Type_contiguous(4, MPI_INT, &row);", 0);
    client
        .notify(
            "textDocument/didChange",
            change(uri, 2, Some(range(at, at)), "    for (int i = 0; i <\n"),
        )
        .await;
    let published = client.diagnostics(uri, 2).await;
    assert_eq!(
        codes(&published),
        vec![json!("missing-commit")],
        "{published}"
    );
    let symbols = client.symbols(uri).await;
    let names: Vec<&Value> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["name"])
        .collect();
    assert_eq!(names, [&json!("row"), &json!("column")]);
    let typed = text.replacen(
        "    MPI_Type_contiguous(",
        "    for (int i = 0; i <\n    MPI_Type_contiguous(",
        1,
    );
    let (line, character) = position_of(&typed, "MPI_Send(&a[0][0], 1, column", 22);
    let hover = client.hover(uri, line, character).await;
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(markdown.contains("size 64"), "{markdown}");
    // The type built after the line, in the same function.
    let (line, character) = position_of(&typed, "&row);\n    MPI_Type_commit", 1);
    let hover = client.hover(uri, line, character).await;
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(markdown.contains("size 16"), "{markdown}");
}

/// The UTF-16 position of byte `offset` of `text`.
fn utf16_position(text: &str, offset: usize) -> (u32, u32) {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..offset].matches('\n').count();
    (
        line as u32,
        text[line_start..offset].encode_utf16().count() as u32,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagnostics_on_open_carry_the_version() {
    let uri = "file:///fixtures/seed_4_13_section3d.f";
    let mut client = Client::default().await;
    client
        .open(uri, "fortran", &fixture("fortran/seed_4_13_section3d.f"))
        .await;
    let published = client.diagnostics(uri, 1).await;
    assert_json_snapshot!(published);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagnostics_after_a_change_wait_for_typing_to_pause_and_drop_stale_versions() {
    let uri = "file:///fixtures/missing_commit.c";
    let mut client = Client::default().await;
    client.open(uri, "c", "").await;
    client.diagnostics(uri, 1).await;
    let sent = Instant::now();
    client
        .notify("textDocument/didChange", change(uri, 2, None, "int x;\n"))
        .await;
    client
        .notify(
            "textDocument/didChange",
            change(uri, 3, None, MISSING_COMMIT),
        )
        .await;
    let published = client.diagnostics(uri, 3).await;
    assert!(
        sent.elapsed() >= DEBOUNCE,
        "published before the debounce delay"
    );
    assert_eq!(published["diagnostics"][0]["code"], "missing-commit");
    tokio::time::sleep(DEBOUNCE + Duration::from_millis(100)).await;
    // A request answered after the stale version's delay: everything published is in by now.
    client.hover(uri, 0, 0).await;
    let versions: Vec<Value> = client
        .drain()
        .into_iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .map(|m| m["params"]["version"].clone())
        .collect();
    assert!(
        versions.is_empty(),
        "stale versions published: {versions:?}"
    );
}

/// A small deterministic generator (the test must not depend on a seed from outside).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_rapid_incremental_edits_apply_in_order() {
    // The final text has a finding, and non-ASCII text before it on the same lines so that
    // UTF-16 columns differ from byte columns.
    let target = MISSING_COMMIT.replace("{\n", "{ /* é😀 */\n");
    let uri = "file:///fixtures/typed.c";
    let mut client = Client::default().await;
    client.open(uri, "c", "").await;
    client.diagnostics(uri, 1).await;

    // Type the target in order while inserting and then deleting noise at random places:
    // any edit applied out of order leaves the text different.
    let mut rng = Lcg(7);
    let mut text = String::new();
    let mut typed = 0;
    let mut version = 1;
    let mut edits = Vec::new();
    while edits.len() < 1000 {
        version += 1;
        let noise_pending = text.len() > typed;
        if noise_pending {
            // Delete the noise, which sits at the end of the typed prefix.
            let start = utf16_position(&text, typed);
            let end = utf16_position(&text, text.len());
            text.truncate(typed);
            edits.push(change(uri, version, Some(range(start, end)), ""));
        } else if rng.below(3) == 0 && typed > 0 {
            let noise = ["x", "😀", "\n", "é(", "/*"][rng.below(5)];
            let at = utf16_position(&text, typed);
            text.push_str(noise);
            edits.push(change(uri, version, Some(range(at, at)), noise));
        } else {
            let next = target[typed..].chars().next();
            let Some(c) = next else {
                // All typed: replace the last character with itself, keeping the text.
                let last = text.char_indices().last().map_or(0, |(i, _)| i);
                let s = text[last..].to_owned();
                let (a, b) = (
                    utf16_position(&text, last),
                    utf16_position(&text, text.len()),
                );
                edits.push(change(uri, version, Some(range(a, b)), &s));
                continue;
            };
            let at = utf16_position(&text, typed);
            text.insert(typed, c);
            typed += c.len_utf8();
            edits.push(change(uri, version, Some(range(at, at)), &c.to_string()));
        }
    }
    assert_eq!(text, target, "the generator must end on the target text");
    for edit in edits {
        client.notify("textDocument/didChange", edit).await;
    }
    let published = client.diagnostics(uri, version).await;

    let fresh_uri = "file:///fixtures/fresh.c";
    client.open(fresh_uri, "c", &target).await;
    let fresh = client.diagnostics(fresh_uri, 1).await;
    assert!(!fresh["diagnostics"].as_array().unwrap().is_empty());
    // The same findings, the related places in the other document.
    let fresh = fresh["diagnostics"].to_string().replace(fresh_uri, uri);
    assert_eq!(published["diagnostics"].to_string(), fresh);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn utf8_positions_when_the_client_offers_them() {
    let capabilities = json!({ "general": { "positionEncodings": ["utf-8", "utf-16"] } });
    let (mut client, init) = Client::start(capabilities, Value::Null).await;
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-8");
    let text = MISSING_COMMIT.replace("    MPI_Send", "    /* é😀 */ MPI_Send");
    let uri = "file:///fixtures/utf8.c";
    client.open(uri, "c", &text).await;
    let published = client.diagnostics(uri, 1).await;
    let at = text.find("column, rank").unwrap();
    let line_start = text[..at].rfind('\n').unwrap() + 1;
    let byte_column = (at - line_start) as u64;
    let start = &published["diagnostics"][0]["range"]["start"];
    assert_eq!(start["character"], byte_column);
    let hover = client
        .hover(
            uri,
            start["line"].as_u64().unwrap() as u32,
            byte_column as u32,
        )
        .await;
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("**`column`**"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_from_initialization_options_and_did_change_configuration() {
    let options = json!({ "ignore": ["missing-commit"] });
    let (mut client, _) = Client::start(json!({}), options).await;
    let uri = "file:///fixtures/missing_commit.c";
    client.open(uri, "c", MISSING_COMMIT).await;
    let published = client.diagnostics(uri, 1).await;
    assert_eq!(published["diagnostics"], json!([]));

    let text = fixture("c/seed_4_17_particles.c");
    let particles = "file:///fixtures/seed_4_17_particles.c";
    client.open(particles, "c", &text).await;
    let settings = json!({ "settings": { "mpi-dtype-lint": { "target": "i686-linux-gnu" } } });
    client
        .notify("workspace/didChangeConfiguration", settings)
        .await;
    // Every open document is analysed again, with the new settings.
    let republished = client.diagnostics(uri, 1).await;
    assert_eq!(republished["diagnostics"][0]["code"], "missing-commit");
    let (line, column) = position_of(&text, "struct Partstruct\n", 8);
    let hover = client.hover(particles, line, column).await;
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        markdown.starts_with("**struct Partstruct**: sizeof 60, alignment 4 on i686-linux-gnu"),
        "{markdown}"
    );
}

/// A wrong setting is shown to the user (not only logged), and the others are used.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_settings_are_shown_and_the_valid_ones_kept() {
    let options = json!({ "ignore": ["no-such-rule", "type-leak"], "colour": "red" });
    let (mut client, init) = Client::start(json!({}), options).await;
    assert!(init.get("error").is_none());
    let mut shown = Vec::new();
    for _ in 0..2 {
        let message = client
            .wait_for(|m| m["method"] == "window/showMessage")
            .await;
        shown.push(message["params"].clone());
    }
    shown.sort_by_key(|m| m["message"].to_string());
    assert_json_snapshot!(shown);
    let uri = "file:///fixtures/missing_commit.c";
    let text = MISSING_COMMIT.replace("    MPI_Type_free(&column);\n", "");
    client.open(uri, "c", &text).await;
    let published = client.diagnostics(uri, 1).await;
    assert_eq!(codes(&published), vec![json!("missing-commit")]);
    // The valid settings of a wrong object replace the earlier ones.
    let settings = json!({ "settings": { "select": ["type-leak", "no-such-rule"] } });
    client
        .notify("workspace/didChangeConfiguration", settings)
        .await;
    let republished = client.diagnostics(uri, 1).await;
    assert_eq!(codes(&republished), vec![json!("type-leak")]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn configuration_file_next_to_the_document() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(".mpi-dtype-lint.toml"),
        "ignore = [\"missing-commit\"]\n[severity]\ntype-leak = \"error\"\n",
    )
    .unwrap();
    let file = dir.path().join("exchange.c");
    let text = MISSING_COMMIT.replace("    MPI_Type_free(&column);\n", "");
    std::fs::write(&file, &text).unwrap();
    let uri = Uri::from_file_path(&file).unwrap();
    let mut client = Client::default().await;
    client.open(uri.as_str(), "c", &text).await;
    let published = client.diagnostics(uri.as_str(), 1).await;
    assert_eq!(
        codes_and_severities(&published),
        vec![(json!("type-leak"), json!(1))]
    );
}

/// A wrong configuration file: its problems are shown and its valid parts used. The server
/// registers for changes of configuration files, and a change re-analyses open documents at
/// once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_configuration_file_keeps_its_valid_parts_and_changes_apply_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join(".mpi-dtype-lint.toml");
    std::fs::write(
        &config,
        "ignore = [\"missing-commit\", \"no-such-rule\"]\ncolour = 1\n[severity]\ntype-leak = \"error\"\n[no-such-table]\nx = 1\n",
    )
    .unwrap();
    let file = dir.path().join("exchange.c");
    let text = MISSING_COMMIT.replace("    MPI_Type_free(&column);\n", "");
    std::fs::write(&file, &text).unwrap();
    let uri = Uri::from_file_path(&file).unwrap();
    let capabilities =
        json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } });
    let (mut client, _) = Client::start(capabilities, Value::Null).await;
    let register = client
        .wait_for(|m| m["method"] == "client/registerCapability")
        .await;
    let registration = &register["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    let globs: Vec<&Value> = registration["registerOptions"]["watchers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| &w["globPattern"])
        .collect();
    assert_eq!(
        globs,
        [
            &json!("**/.mpi-dtype-lint.toml"),
            &json!("**/compile_commands.json")
        ]
    );
    client.respond(&register, Value::Null).await;

    client.open(uri.as_str(), "c", &text).await;
    let published = client.diagnostics(uri.as_str(), 1).await;
    assert_eq!(
        codes_and_severities(&published),
        vec![(json!("type-leak"), json!(1))]
    );
    let mut shown: Vec<String> = Vec::new();
    for _ in 0..3 {
        let message = client
            .wait_for(|m| m["method"] == "window/showMessage")
            .await;
        let text = message["params"]["message"].as_str().unwrap();
        // The path differs between runs: from the line on.
        let (_, at) = text.split_once(".mpi-dtype-lint.toml:").unwrap();
        shown.push(at.to_owned());
    }
    shown.sort();
    assert_json_snapshot!(shown);

    std::fs::write(&config, "select = [\"missing-commit\"]\n").unwrap();
    let change = json!({ "changes": [{ "uri": Uri::from_file_path(&config).unwrap().as_str(), "type": 2 }] });
    client
        .notify("workspace/didChangeWatchedFiles", change)
        .await;
    let republished = client.diagnostics(uri.as_str(), 1).await;
    assert_eq!(codes(&republished), vec![json!("missing-commit")]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn configured_extensions_choose_the_language_of_a_document() {
    // Fixed-form Fortran in a file whose extension neither the server nor the client knows.
    let text = &fixture("config/halo.inc");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("halo.inc");
    std::fs::write(&file, text).unwrap();
    let uri = Uri::from_file_path(&file).unwrap();
    let mut client = Client::default().await;
    // Unknown to the server and to the client (`plaintext`): read as C, nothing found.
    client.open(uri.as_str(), "plaintext", text).await;
    let published = client.diagnostics(uri.as_str(), 1).await;
    assert_eq!(codes(&published), Vec::<Value>::new());

    std::fs::write(
        dir.path().join(".mpi-dtype-lint.toml"),
        "[extensions]\ninc = \"fortran-fixed\"\n",
    )
    .unwrap();
    let configured = dir.path().join("configured.inc");
    std::fs::write(&configured, text).unwrap();
    let uri = Uri::from_file_path(&configured).unwrap();
    client.open(uri.as_str(), "plaintext", text).await;
    let published = client.diagnostics(uri.as_str(), 1).await;
    assert_eq!(codes(&published), [json!("missing-commit")]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compile_commands_give_include_paths_and_defines_and_are_read_again_when_changed() {
    // NX comes from a header in include/, SHIFT from a -D flag: the count is NX - SHIFT.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("include")).unwrap();
    std::fs::write(dir.path().join("include/grid.h"), "#define NX 8\n").unwrap();
    let text = "#include <mpi.h>\n#include \"grid.h\"\nvoid f(void)\n{\n    MPI_Datatype t;\n    MPI_Type_contiguous(NX - SHIFT, MPI_DOUBLE, &t);\n    MPI_Type_commit(&t);\n    MPI_Type_free(&t);\n}\n";
    let file = dir.path().join("halo.c");
    std::fs::write(&file, text).unwrap();
    let database = dir.path().join("compile_commands.json");
    let write_database = |shift: u32, modified: u64| {
        let entry = json!([{
            "directory": dir.path(),
            "file": "halo.c",
            "arguments": ["mpicc", "-Iinclude", format!("-DSHIFT={shift}"), "-c", "halo.c"]
        }]);
        std::fs::write(&database, entry.to_string()).unwrap();
        // Explicit times, so that the rewrite is seen even within one clock tick.
        let time = std::time::UNIX_EPOCH + Duration::from_secs(modified);
        std::fs::File::options()
            .write(true)
            .open(&database)
            .unwrap()
            .set_modified(time)
            .unwrap();
    };
    let uri = Uri::from_file_path(&file).unwrap();
    let uri = uri.as_str();
    let mut client = Client::default().await;

    // No database: NX and SHIFT are unknown, so is the count.
    client.open(uri, "c", text).await;
    assert_eq!(
        codes(&client.diagnostics(uri, 1).await),
        Vec::<Value>::new()
    );

    // 8 - 10 is a negative count.
    write_database(10, 1_000_000);
    client
        .notify("textDocument/didChange", change(uri, 2, None, text))
        .await;
    let published = client.diagnostics(uri, 2).await;
    assert_eq!(codes(&published), [json!("invalid-argument")]);
    assert!(
        published["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("-2"),
        "{published}"
    );

    // 8 - 2 is not.
    write_database(2, 2_000_000);
    client
        .notify("textDocument/didChange", change(uri, 3, None, text))
        .await;
    assert_eq!(
        codes(&client.diagnostics(uri, 3).await),
        Vec::<Value>::new()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_compile_commands_is_reported_once_and_the_document_still_analysed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("compile_commands.json"), "[{\"file\": ").unwrap();
    let file = dir.path().join("exchange.c");
    std::fs::write(&file, MISSING_COMMIT).unwrap();
    let uri = Uri::from_file_path(&file).unwrap();
    let uri = uri.as_str();
    let mut client = Client::default().await;
    client.open(uri, "c", MISSING_COMMIT).await;
    let logged = client
        .wait_for(|m| m["method"] == "window/logMessage")
        .await;
    let message = logged["params"]["message"].as_str().unwrap();
    assert!(
        message.contains("compile_commands.json") && message.contains("its flags are not used"),
        "{message}"
    );
    let published = client.diagnostics(uri, 1).await;
    assert_eq!(published["diagnostics"][0]["code"], "missing-commit");
    client
        .notify(
            "textDocument/didChange",
            change(uri, 2, None, MISSING_COMMIT),
        )
        .await;
    client.diagnostics(uri, 2).await;
    let again = client
        .drain()
        .into_iter()
        .filter(|m| m["method"] == "window/logMessage")
        .count();
    assert_eq!(again, 0, "the unchanged database is not reported again");
}

/// Set when the test holding analyses lets them go.
static RELEASED: AtomicBool = AtomicBool::new(false);
/// Analyses of texts that contain `COUNTED`.
static COUNTED: AtomicUsize = AtomicUsize::new(0);

/// The analysis, but one of a text that contains `HOLD` does not end until [`RELEASED`], and
/// those of texts that contain `COUNTED` are counted.
fn held_analyze(
    previous: Option<&Analysis>,
    text: &str,
    language: Language,
    options: &AnalysisOptions,
    includes: &mut dyn IncludeResolver,
) -> Analysis {
    if text.contains("COUNTED") {
        COUNTED.fetch_add(1, Ordering::SeqCst);
    }
    while text.contains("HOLD") && !RELEASED.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(5));
    }
    analyzer::analysis::reanalyze(previous, text, language, options, includes)
}

/// `textDocument/documentSymbol` and `textDocument/definition` at `at`.
async fn symbols_and_definition(client: &mut Client, uri: &str, at: (u32, u32)) -> (Value, Value) {
    let symbols = client.symbols(uri).await;
    (symbols, client.definition(uri, at.0, at.1).await)
}

/// Every `line` of a JSON value, one more.
fn one_line_down(value: &Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(k, v)| match (k.as_str(), v.as_u64()) {
                    ("line", Some(line)) => (k.clone(), json!(line + 1)),
                    _ => (k.clone(), one_line_down(v)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(one_line_down).collect()),
        other => other.clone(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queries_right_after_an_edit_answer_from_the_latest_analysis_without_waiting() {
    let uri = "file:///held.c";
    let (mut client, _) = Client::start_with(held_analyze, json!({}), Value::Null).await;
    client.open(uri, "c", MISSING_COMMIT).await;
    client.diagnostics(uri, 1).await;
    let (line, character) = position_of(MISSING_COMMIT, "column, rank", 0);
    let hover = client.hover(uri, line, character).await;
    assert!(hover["contents"]["value"]
        .as_str()
        .is_some_and(|h| h.contains("vector(8 x 1, stride 8)")));
    let (symbols, definition) = symbols_and_definition(&mut client, uri, (line, character)).await;
    assert!(symbols.as_array().is_some_and(|s| !s.is_empty()));
    assert!(definition.as_array().is_some_and(|d| !d.is_empty()));

    // A line inserted above, whose analysis does not end before the answers below: a query
    // that waited for it would never be answered (the harness gives up after a minute).
    let inserted = "/* HOLD */\n";
    let top = Some(range((0, 0), (0, 0)));
    client
        .notify("textDocument/didChange", change(uri, 2, top, inserted))
        .await;
    let moved = client.hover(uri, line + 1, character).await;
    assert_eq!(moved["range"], one_line_down(&hover["range"]));
    let below = symbols_and_definition(&mut client, uri, (line + 1, character)).await;
    assert_eq!(below, (one_line_down(&symbols), one_line_down(&definition)));
    // The older analysis knows nothing of the new line.
    assert_eq!(client.hover(uri, 0, 4).await, Value::Null);

    // The answers were those of the new version's analysis, line numbers in the text included.
    RELEASED.store(true, Ordering::SeqCst);
    let published = client.diagnostics(uri, 2).await;
    assert_eq!(codes(&published), ["missing-commit"]);
    assert_eq!(client.hover(uri, line + 1, character).await, moved);
    let fresh = symbols_and_definition(&mut client, uri, (line + 1, character)).await;
    assert_eq!(fresh, below);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_for_one_version_shares_one_analysis() {
    let uri = "file:///counted.c";
    let text = format!("/* COUNTED */\n{MISSING_COMMIT}");
    let (mut client, _) = Client::start_with(held_analyze, json!({}), Value::Null).await;
    client.open(uri, "c", &text).await;
    // Code actions need the current version's analysis: sent at once, they all wait for one.
    let at = json!({ "line": 5, "character": 4 });
    let mut ids = Vec::new();
    for _ in 0..8 {
        let params = json!({
            "textDocument": { "uri": uri },
            "range": { "start": at, "end": at },
            "context": { "diagnostics": [] }
        });
        ids.push(client.send_request("textDocument/codeAction", params).await);
    }
    for id in ids {
        let response = client.response(id).await;
        assert!(response.get("error").is_none(), "{response}");
    }
    client.diagnostics(uri, 1).await;
    assert_eq!(COUNTED.load(Ordering::SeqCst), 1);
}
