//! Whatever the client sends, the server answers and lives on: malformed JSON, unknown methods,
//! edits and positions outside the document, a 50 MB document, a panic during analysis.

mod lsp_harness;

use analyzer::analysis::{Analysis, AnalysisOptions};
use analyzer::source::Language;
use analyzer::syntax::IncludeResolver;
use insta::assert_json_snapshot;
use lsp_harness::Client;
use serde_json::{json, Value};

const URI: &str = "file:///fixtures/robust.c";
const TEXT: &str = "#include <mpi.h>\nvoid f(void)\n{\n    MPI_Datatype t;\n    MPI_Type_contiguous(4, MPI_INT, &t);\n    MPI_Type_free(&t);\n}\n";

/// The server still answers requests about the document.
async fn assert_alive(client: &mut Client) {
    let symbols = client.symbols(URI).await;
    assert_eq!(symbols[0]["name"], "t");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_is_answered_with_a_parse_error() {
    let mut client = Client::default().await;
    client.open(URI, "c", TEXT).await;
    client
        .send_raw(b"{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": ")
        .await;
    let error = client.wait_for(|m| m.get("error").is_some()).await;
    assert_json_snapshot!(error);
    assert_alive(&mut client).await;
    client.send_unframed(b"Content-Type: nothing\r\n\r\n").await;
    let no_length = client.wait_for(|m| m.get("error").is_some()).await;
    assert_eq!(no_length, error);
    client
        .send_raw(b"{\"jsonrpc\": \"2.0\", \"id\": \"not a request\"}")
        .await;
    let not_a_request = client.wait_for(|m| m.get("error").is_some()).await;
    assert_eq!(not_a_request["id"], "not a request");
    assert_alive(&mut client).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_methods_are_answered_or_ignored() {
    let mut client = Client::default().await;
    client.open(URI, "c", TEXT).await;
    let response = client.request("mpi/noSuchRequest", json!({})).await;
    assert_json_snapshot!(response);
    client.notify("mpi/noSuchNotification", json!({})).await;
    assert_alive(&mut client).await;
}

/// A request whose method starts with `$/` is answered (MethodNotFound), as LSP asks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_dollar_requests_are_answered() {
    let mut client = Client::default().await;
    client.open(URI, "c", TEXT).await;
    let response = client.request("$/mpiNoSuchRequest", json!({})).await;
    assert_eq!(response["error"]["code"], -32601, "{response}");
    client.notify("$/mpiNoSuchNotification", json!({})).await;
    assert_alive(&mut client).await;
}

/// A Content-Length smaller than the body: that frame is a parse error, and the server reads
/// the next frames again (it used to stay out of step for good).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_too_short_content_length_costs_one_message() {
    let mut client = Client::default().await;
    client.open(URI, "c", TEXT).await;
    let body = br#"{"jsonrpc": "2.0", "id": 99, "method": "shutdown"}"#;
    client.send_unframed(b"Content-Length: 10\r\n\r\n").await;
    client.send_unframed(body).await;
    let error = client.wait_for(|m| m.get("error").is_some()).await;
    assert_eq!(error["error"]["code"], -32700, "{error}");
    assert_alive(&mut client).await;
}

/// A Content-Length larger than the body: the message ends with its JSON value and is
/// answered, and so is the next one (the server used to wait for the promised bytes, taking
/// the next messages as the rest of the body).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_too_large_content_length_costs_no_message() {
    let mut client = Client::default().await;
    // Braces and an escaped quote inside strings do not end the value.
    let text = "int x; /* } ] \\\" \\\\ { */\\n";
    let open = format!(
        r#"{{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {{"textDocument": {{"uri": "{URI}", "languageId": "c", "version": 1, "text": "{text}"}}}}}}"#
    );
    client
        .send_unframed(b"Content-Length: 100000\r\n\r\n")
        .await;
    client.send_unframed(open.as_bytes()).await;
    let published = client.diagnostics(URI, 1).await;
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    let symbols = br#"{"jsonrpc": "2.0", "id": 99, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///fixtures/robust.c"}}}"#;
    client.send_unframed(b"Content-Length: 4000\r\n\r\n").await;
    client.send_unframed(symbols).await;
    let answer = client.wait_for(|m| m["id"] == 99).await;
    assert_eq!(answer["result"], json!([]), "{answer}");
    client.open(URI, "c", TEXT).await;
    assert_alive(&mut client).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_outside_the_document_are_clamped() {
    let mut client = Client::default().await;
    client.open(URI, "c", TEXT).await;
    let far = json!({ "line": 4_000_000_000u32, "character": 4_000_000_000u32 });
    let edit = json!({
        "textDocument": { "uri": URI, "version": 2 },
        "contentChanges": [{ "range": { "start": far, "end": far }, "text": "/* tail */\n" }]
    });
    client.notify("textDocument/didChange", edit).await;
    let published = client.diagnostics(URI, 2).await;
    assert_eq!(published["diagnostics"], json!([]));
    let reversed = json!({ "start": far, "end": { "line": 0, "character": 0 } });
    let actions = client
        .result(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": URI }, "range": reversed, "context": { "diagnostics": [] } }),
        )
        .await;
    assert_eq!(actions, json!([]));
    let hover = client.hover(URI, 4_000_000_000, 0).await;
    assert_eq!(hover, Value::Null);
    assert_alive(&mut client).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_whose_range_ends_before_it_starts_is_skipped() {
    let mut client = Client::default().await;
    client.open(URI, "c", TEXT).await;
    let reversed =
        json!({ "start": { "line": 99, "character": 0 }, "end": { "line": 0, "character": 0 } });
    let edit = json!({
        "textDocument": { "uri": URI, "version": 2 },
        "contentChanges": [{ "range": reversed, "text": "x" }]
    });
    client.notify("textDocument/didChange", edit).await;
    let note = client
        .wait_for(|m| m["method"] == "window/logMessage")
        .await;
    assert!(
        note["params"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("was skipped")),
        "{note}"
    );
    // The text is unchanged, not replaced from its start to the end.
    assert_alive(&mut client).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_initialize_is_refused_and_the_server_stays_initialized() {
    let mut client = Client::default().await;
    client.open(URI, "c", TEXT).await;
    for params in [json!(null), json!({ "capabilities": {} })] {
        let response = client.request("initialize", params).await;
        assert_eq!(response["error"]["code"], -32600, "{response}");
    }
    client.notify("initialize", json!(null)).await;
    assert_alive(&mut client).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_about_unopened_documents_get_nothing() {
    let mut client = Client::default().await;
    assert_eq!(
        client.hover("file:///never/opened.c", 0, 0).await,
        Value::Null
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fifty_megabyte_document_does_not_stop_the_server() {
    let mut client = Client::default().await;
    let line = "int filler_variable_of_some_length = 42; /* padding the file out to size */\n";
    let big: String = line.repeat(50 * 1024 * 1024 / line.len() + 1);
    assert!(big.len() >= 50 * 1024 * 1024);
    let uri = "file:///fixtures/big.c";
    client.open(uri, "c", &big).await;
    let published = client.diagnostics(uri, 1).await;
    assert_eq!(published["diagnostics"], json!([]));
    let note = client
        .wait_for(|m| m["method"] == "window/logMessage")
        .await;
    assert_eq!(
        note["params"]["message"],
        "file:///fixtures/big.c: not analysed: larger than 16 MiB"
    );
    assert_eq!(client.hover(uri, 1_000_000, 3).await, Value::Null);
    client.open(URI, "c", TEXT).await;
    assert_alive(&mut client).await;
}

fn panicking_analyze(
    _: Option<&Analysis>,
    _: &str,
    _: Language,
    _: &AnalysisOptions,
    _: &mut dyn IncludeResolver,
) -> Analysis {
    panic!("analyzer bug for the test")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_the_analysis_is_an_error_reply_not_a_dead_server() {
    let (mut client, _) = Client::start_with(panicking_analyze, json!({}), Value::Null).await;
    client.open(URI, "c", TEXT).await;
    let response = client
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": URI }, "position": { "line": 4, "character": 8 } }),
        )
        .await;
    assert_json_snapshot!(response);
    let again = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await;
    assert_eq!(again["error"]["code"], -32603);
    // `"params": null`, as some clients send it, is accepted.
    let shutdown = client.request("shutdown", Value::Null).await;
    assert!(shutdown.get("error").is_none(), "{shutdown}");
    assert_eq!(shutdown["result"], Value::Null);
}

/// Typed one character at a time, an array sized by itself (`double u[sizeof(u)/8]`) passes
/// through states that once overflowed the stack and killed the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_array_sized_by_itself_does_not_kill_the_server() {
    let mut client = Client::default().await;
    let uri = "file:///fixtures/self_sized.c";
    let text = "#include <mpi.h>\ndouble u[4];\nvoid f(void)\n{\n    double u[sizeof(u) / sizeof(double)];\n    MPI_Send(u, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);\n}\n";
    client.open(uri, "c", text).await;
    client.diagnostics(uri, 1).await;
    // Hover on the inner `u`: answered (with what is known), not a dead server.
    client.hover(uri, 4, 12).await;
    client.open(URI, "c", TEXT).await;
    assert_alive(&mut client).await;
}
