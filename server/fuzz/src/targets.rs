//! Body of the language server's fuzz target: arbitrary bytes become a stream of LSP messages
//! (raw bodies, requests and notifications of real methods with fuzzed parameters, edits at
//! fuzzed positions), then a valid hover that the server must answer. With a first byte of
//! `b'!'` the bytes go to the server unframed instead, and the server must just end cleanly
//! when the input does. Compiled by the cargo-fuzz crate (server/fuzz) and, through `#[path]`,
//! by server/tests/adversarial_lsp_fuzz.rs.

use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{duplex, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream};

const URI: &str = "file:///fuzz/a.c";
const FORTRAN_URI: &str = "file:///fuzz/b.f90";
const TEXT: &str = "#include <mpi.h>\ntypedef struct { int a; double b; } s_t;\nvoid f(s_t *buf)\n{\n    MPI_Datatype t;\n    MPI_Type_contiguous(4, MPI_INT, &t);\n    MPI_Send(buf, 2, t, 0, 0, MPI_COMM_WORLD);\n    MPI_Type_free(&t);\n}\n";
const FORTRAN: &str = "subroutine g\n  use mpi\n  integer :: t, ierr\n  call MPI_Type_vector(2, 1, 4, MPI_REAL, t, ierr)\nend subroutine\n";

/// The methods a fuzzed message may call (`exit` left out: it ends the server on purpose).
const METHODS: [&str; 20] = [
    "textDocument/hover",
    "textDocument/didChange",
    "textDocument/didOpen",
    "textDocument/didClose",
    "textDocument/didSave",
    "textDocument/codeAction",
    "textDocument/inlayHint",
    "textDocument/documentSymbol",
    "textDocument/definition",
    "textDocument/completion",
    "workspace/didChangeConfiguration",
    "workspace/executeCommand",
    "initialize",
    "initialized",
    "shutdown",
    "$/cancelRequest",
    "$/setTrace",
    "codeAction/resolve",
    "mpi/noSuchMethod",
    "",
];

/// The id of the final hover, which no fuzzed message uses.
const FINAL_ID: i64 = 1 << 40;

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn position(chunk: &[u8], i: usize) -> Value {
    let b = |k: usize| u32::from(chunk.get(i + k).copied().unwrap_or(0));
    let line = match b(0) {
        250..=255 => u32::MAX - b(1),
        v => v % 12,
    };
    json!({ "line": line, "character": b(2) % 40 })
}

/// One fuzzed message, framed.
fn message(chunk: &[u8], id: i64) -> Vec<u8> {
    let Some((&kind, rest)) = chunk.split_first() else {
        return frame(b"");
    };
    let method = METHODS[usize::from(rest.first().copied().unwrap_or(0)) % METHODS.len()];
    let uri = if kind & 0x10 == 0 { URI } else { FORTRAN_URI };
    let tail = rest.get(1..).unwrap_or(&[]);
    let body = match kind % 4 {
        0 => tail.to_vec(),
        1 | 2 => {
            let params = serde_json::from_slice::<Value>(tail)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(tail).into_owned()));
            let mut m = json!({ "jsonrpc": "2.0", "method": method, "params": params });
            if kind % 4 == 1 {
                m["id"] = json!(id);
            }
            m.to_string().into_bytes()
        }
        _ => {
            let text = String::from_utf8_lossy(tail.get(6..).unwrap_or(&[])).into_owned();
            let range = json!({ "start": position(tail, 0), "end": position(tail, 3) });
            let params = json!({
                "textDocument": { "uri": uri, "version": id, "languageId": "c", "text": text },
                "position": position(tail, 0),
                "range": range,
                "contentChanges": [ { "range": range, "text": text } ],
                "context": { "diagnostics": [] },
            });
            json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })
                .to_string()
                .into_bytes()
        }
    };
    if body.windows(4).any(|w| w == b"exit") {
        return frame(b"{}");
    }
    frame(&body)
}

/// Reads framed messages until the one that answers the final hover; `None` at the end of the
/// stream.
async fn read_until_final(from_server: DuplexStream) -> Option<Value> {
    let mut reader = BufReader::new(from_server);
    loop {
        let mut length = None;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).await.ok()? == 0 {
                return None;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = v.parse::<usize>().ok();
            }
        }
        let mut body = vec![0; length.expect("the server framed a message without a length")];
        reader.read_exact(&mut body).await.ok()?;
        let message: Value =
            serde_json::from_slice(&body).expect("the server sent a body that is not JSON");
        if message["id"] == FINAL_ID && message.get("method").is_none() {
            return Some(message);
        }
    }
}

pub fn lsp_messages(data: &[u8]) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (mut to_server, server_in) = duplex(1 << 16);
        let (server_out, from_server) = duplex(1 << 16);
        let server = tokio::spawn(mpi_dtype_lint::lsp::serve(
            server_in,
            server_out,
            analyzer::analysis::reanalyze,
        ));
        let reader = tokio::spawn(read_until_final(from_server));
        let mut stream = Vec::new();
        let init = json!({ "jsonrpc": "2.0", "id": 0, "method": "initialize", "params": { "capabilities": {} } });
        stream.extend(frame(init.to_string().as_bytes()));
        stream.extend(frame(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#));
        for (uri, language, text) in [(URI, "c", TEXT), (FORTRAN_URI, "fortran", FORTRAN)] {
            let open = json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } } });
            stream.extend(frame(open.to_string().as_bytes()));
        }
        let raw = data.first() == Some(&b'!');
        if raw {
            stream.extend_from_slice(&data[1..]);
        } else {
            for (i, chunk) in data.split(|&b| b == 0xff).enumerate() {
                stream.extend(message(chunk, i as i64 + 1));
            }
            let hover = json!({ "jsonrpc": "2.0", "id": FINAL_ID, "method": "textDocument/hover",
                "params": { "textDocument": { "uri": URI }, "position": { "line": 4, "character": 18 } } });
            stream.extend(frame(hover.to_string().as_bytes()));
        }
        // Writing may wait for the server to read; the reader task drains its answers meanwhile.
        let _ = to_server.write_all(&stream).await;
        if raw {
            drop(to_server);
            tokio::time::timeout(Duration::from_secs(20), server)
                .await
                .expect("the server did not end with its input")
                .expect("the server task panicked");
            return;
        }
        let answer = tokio::time::timeout(Duration::from_secs(20), reader)
            .await
            .expect("the server did not answer the final hover in 20 s")
            .expect("the reader task panicked");
        let answer = answer.expect("the server closed the stream before answering the hover");
        assert!(
            answer.get("result").is_some() || answer.get("error").is_some(),
            "{answer}"
        );
        drop(to_server);
    });
}
