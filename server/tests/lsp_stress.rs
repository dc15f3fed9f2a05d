//! 10,000 malformed or random messages, then a valid hover: the server answers it. The client
//! reads the server's answers while it writes (the pipes are bounded, so a client that did not
//! would stall both sides), counts them, and checks that every request that had an id was
//! answered, with a result or an error.

use std::collections::HashSet;
use std::time::Duration;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tokio::io::{duplex, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::oneshot;

const URI: &str = "file:///stress/a.c";
const TEXT: &str = "#include <mpi.h>\nvoid f(void)\n{\n    MPI_Datatype t;\n    MPI_Type_contiguous(4, MPI_INT, &t);\n    MPI_Type_free(&t);\n}\n";
const HOVER_ID: i64 = 1_000_000;

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// Message `i` of the storm, framed; and its id when it is a request the server must answer.
fn storm_message(rng: &mut ChaCha8Rng, i: i64) -> (Vec<u8>, Option<i64>) {
    const METHODS: [&str; 8] = [
        "textDocument/hover",
        "textDocument/codeAction",
        "textDocument/inlayHint",
        "textDocument/definition",
        "textDocument/documentSymbol",
        "mpi/unknown",
        "textDocument/didChange",
        "initialize",
    ];
    let method = METHODS[rng.next_u64() as usize % METHODS.len()];
    match rng.next_u64() % 8 {
        // Random bytes as a body.
        0 => (
            frame(
                &(0..rng.next_u64() % 200)
                    .map(|_| rng.next_u64() as u8)
                    .collect::<Vec<_>>(),
            ),
            None,
        ),
        // Truncated JSON.
        1 => (frame(br#"{"jsonrpc": "2.0", "id": 3, "method": "#), None),
        // A header block without a length, or with a nonsense one.
        2 => (b"Content-Type: x\r\n\r\n".to_vec(), None),
        3 => (b"Content-Length: banana\r\n\r\n".to_vec(), None),
        // Requests of real methods with wrong parameters.
        4 => {
            let params = match rng.next_u64() % 3 {
                0 => json!(null),
                1 => json!([1, 2, 3]),
                _ => json!({ "textDocument": { "uri": 42 }, "position": "here" }),
            };
            let body = json!({ "jsonrpc": "2.0", "id": i, "method": method, "params": params });
            (frame(body.to_string().as_bytes()), Some(i))
        }
        // Requests at random positions, valid or far outside the document.
        5 => {
            let line = rng.next_u64() % 3 * (rng.next_u64() % u64::from(u32::MAX));
            let params = json!({
                "textDocument": { "uri": URI },
                "position": { "line": line, "character": rng.next_u64() % 80 },
                "range": { "start": { "line": line, "character": 0 }, "end": { "line": 0, "character": 1 } },
                "context": { "diagnostics": [] },
            });
            let body = json!({ "jsonrpc": "2.0", "id": i, "method": method, "params": params });
            (frame(body.to_string().as_bytes()), Some(i))
        }
        // Notifications with nonsense (an edit of a stale version, unknown methods).
        6 => {
            let body = json!({ "jsonrpc": "2.0", "method": method, "params": {
                "textDocument": { "uri": URI, "version": -1 },
                "contentChanges": [{ "range": { "start": { "line": 99, "character": 0 }, "end": { "line": 0, "character": 0 } }, "text": "x" }] } });
            (frame(body.to_string().as_bytes()), None)
        }
        // Responses to requests the server never made.
        _ => {
            let body = json!({ "jsonrpc": "2.0", "id": i, "result": { "anything": [] } });
            (frame(body.to_string().as_bytes()), None)
        }
    }
}

/// Reads framed messages until the end; returns every id answered (responses only). Tells
/// `initialized` when the `initialize` request (id 0) is answered: a client sends nothing else
/// before that.
/// Returns once the hover and every id `expected` lists (sent before the hover is) are
/// answered: requests run concurrently, so their answers may come after the hover's.
async fn answered(
    from_server: DuplexStream,
    initialized: oneshot::Sender<()>,
    mut expected: oneshot::Receiver<Vec<i64>>,
) -> HashSet<i64> {
    let mut initialized = Some(initialized);
    let mut wanted: Option<Vec<i64>> = None;
    let mut reader = BufReader::new(from_server);
    let mut ids = HashSet::new();
    loop {
        let mut length = None;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                return ids;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = v.parse::<usize>().ok();
            }
        }
        let mut body = vec![0; length.expect("a Content-Length header")];
        reader.read_exact(&mut body).await.unwrap();
        let message: Value = serde_json::from_slice(&body).expect("a JSON body");
        if message.get("method").is_none() {
            if let Some(id) = message["id"].as_i64() {
                assert!(
                    message.get("result").is_some() || message.get("error").is_some(),
                    "{message}"
                );
                ids.insert(id);
                if id == 0 {
                    let _ = initialized.take().map(|tell| tell.send(()));
                }
                if id == HOVER_ID {
                    assert!(
                        message["result"]["contents"]["value"]
                            .as_str()
                            .is_some_and(|v| v.contains("MPI_INT")),
                        "{message}"
                    );
                }
                if wanted.is_none() {
                    wanted = expected.try_recv().ok();
                }
                let all = |w: &Vec<i64>| w.iter().all(|i| ids.contains(i));
                if ids.contains(&HOVER_ID) && wanted.as_ref().is_some_and(all) {
                    return ids;
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_bad_messages_then_a_hover_is_answered() {
    let (mut to_server, server_in) = duplex(1 << 16);
    let (server_out, from_server) = duplex(1 << 16);
    tokio::spawn(mpi_dtype_lint::lsp::serve(
        server_in,
        server_out,
        analyzer::analysis::reanalyze,
    ));
    let (tell, initialized) = oneshot::channel();
    let (tell_expected, expected_ids) = oneshot::channel();
    let reader = tokio::spawn(answered(from_server, tell, expected_ids));
    let init = json!({ "jsonrpc": "2.0", "id": 0, "method": "initialize", "params": { "capabilities": {} } });
    to_server
        .write_all(&frame(init.to_string().as_bytes()))
        .await
        .unwrap();
    initialized.await.expect("initialize answered");
    let open = json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": { "uri": URI, "languageId": "c", "version": 1, "text": TEXT } } });
    to_server
        .write_all(&frame(
            br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
        ))
        .await
        .unwrap();
    to_server
        .write_all(&frame(open.to_string().as_bytes()))
        .await
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(10_000);
    let mut expected = vec![0];
    for i in 1..=10_000 {
        let (bytes, id) = storm_message(&mut rng, i);
        to_server.write_all(&bytes).await.unwrap();
        expected.extend(id);
    }
    tell_expected.send(expected.clone()).unwrap();
    let hover = json!({ "jsonrpc": "2.0", "id": HOVER_ID, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": URI }, "position": { "line": 4, "character": 30 } } });
    to_server
        .write_all(&frame(hover.to_string().as_bytes()))
        .await
        .unwrap();
    let ids = tokio::time::timeout(Duration::from_secs(120), reader)
        .await
        .expect("the hover and every request not answered after the storm in 120 s")
        .unwrap();
    assert!(ids.contains(&HOVER_ID));
    let missing: Vec<_> = expected.iter().filter(|id| !ids.contains(id)).collect();
    assert!(missing.is_empty(), "requests left unanswered: {missing:?}");
}
