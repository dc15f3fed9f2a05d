//! An in-process client for the language server: the server runs on the test's runtime and the
//! two talk JSON-RPC over an in-memory duplex pipe, framed as on stdio.

#![allow(dead_code)] // each test target uses its own part of the harness

use std::collections::VecDeque;
use std::path::Path;
use std::time::Duration;

use mpi_dtype_lint::lsp::AnalyzeFn;
use serde_json::{json, Value};
use tokio::io::{duplex, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream};

/// How long a test waits for one message before failing.
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    to_server: DuplexStream,
    from_server: BufReader<DuplexStream>,
    next_id: i64,
    /// Messages read while waiting for another one.
    unclaimed: VecDeque<Value>,
}

impl Client {
    /// Starts a server and initializes it with these client capabilities and options.
    pub async fn start(capabilities: Value, options: Value) -> (Client, Value) {
        Client::start_with(analyzer::analysis::reanalyze, capabilities, options).await
    }

    pub async fn start_with(
        analyze: AnalyzeFn,
        capabilities: Value,
        options: Value,
    ) -> (Client, Value) {
        let params = json!({ "capabilities": capabilities, "initializationOptions": options });
        Client::start_with_params(analyze, params).await
    }

    /// Starts a server whose workspace is the folders `folders` (`file:` URIs).
    pub async fn start_in_workspace(capabilities: Value, folders: &[&str]) -> (Client, Value) {
        let folders: Vec<Value> = folders
            .iter()
            .map(|uri| json!({ "uri": uri, "name": uri }))
            .collect();
        let params = json!({ "capabilities": capabilities, "workspaceFolders": folders });
        Client::start_with_params(analyzer::analysis::reanalyze, params).await
    }

    /// Starts a server and initializes it with these `initialize` parameters.
    pub async fn start_with_params(analyze: AnalyzeFn, params: Value) -> (Client, Value) {
        let (to_server, server_in) = duplex(1 << 16);
        let (server_out, from_server) = duplex(1 << 16);
        tokio::spawn(mpi_dtype_lint::lsp::serve(server_in, server_out, analyze));
        let mut client = Client {
            to_server,
            from_server: BufReader::new(from_server),
            next_id: 1,
            unclaimed: VecDeque::new(),
        };
        let init = client.request("initialize", params).await;
        client.notify("initialized", json!({})).await;
        (client, init)
    }

    pub async fn default() -> Client {
        Client::start(json!({}), Value::Null).await.0
    }

    /// Sends bytes as they are, framing included.
    pub async fn send_unframed(&mut self, bytes: &[u8]) {
        self.to_server.write_all(bytes).await.unwrap();
    }

    pub async fn send_raw(&mut self, body: &[u8]) {
        let header = format!("Content-Length: {}\r\n\r\n", body.len());
        self.send_unframed(header.as_bytes()).await;
        self.send_unframed(body).await;
    }

    async fn send(&mut self, message: Value) {
        self.send_raw(message.to_string().as_bytes()).await;
    }

    pub async fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }))
            .await;
    }

    /// Answers a request of the server's.
    pub async fn respond(&mut self, request: &Value, result: Value) {
        self.send(json!({ "jsonrpc": "2.0", "id": request["id"], "result": result }))
            .await;
    }

    /// Sends a request and returns its whole response (`result` or `error`).
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params).await;
        self.response(id).await
    }

    /// Sends a request without waiting for its response; returns its id.
    pub async fn send_request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
            .await;
        id
    }

    /// The whole response to request `id`.
    pub async fn response(&mut self, id: i64) -> Value {
        self.wait_for(|m| m["id"] == id && m.get("method").is_none())
            .await
    }

    /// The `result` of a request that must succeed.
    pub async fn result(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params).await;
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    async fn read(&mut self) -> Value {
        let mut length = None;
        loop {
            let mut line = String::new();
            let n = self.from_server.read_line(&mut line).await.unwrap();
            assert!(n > 0, "the server closed the connection");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = Some(v.parse::<usize>().unwrap());
            }
        }
        let mut body = vec![0; length.expect("a Content-Length header")];
        self.from_server.read_exact(&mut body).await.unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    /// The first message (earlier unclaimed ones included) that `wanted` accepts.
    pub async fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.unclaimed.iter().position(&wanted) {
            return self.unclaimed.remove(i).unwrap();
        }
        tokio::time::timeout(PATIENCE, async {
            loop {
                let message = self.read().await;
                if wanted(&message) {
                    return message;
                }
                self.unclaimed.push_back(message);
            }
        })
        .await
        .expect("no such message from the server in time")
    }

    /// Every message received and not yet claimed.
    pub fn drain(&mut self) -> Vec<Value> {
        self.unclaimed.drain(..).collect()
    }

    /// The diagnostics published for `uri` at `version`.
    pub async fn diagnostics(&mut self, uri: &str, version: i64) -> Value {
        self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        })
        .await["params"]
            .clone()
    }

    pub async fn open(&mut self, uri: &str, language_id: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri, "languageId": language_id, "version": 1, "text": text
            }}),
        )
        .await;
    }

    /// The code actions offered at one position, with no diagnostics in the context.
    pub async fn code_actions(&mut self, uri: &str, line: u32, character: u32) -> Value {
        let at = json!({ "line": line, "character": character });
        self.result(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": at, "end": at },
                "context": { "diagnostics": [] }
            }),
        )
        .await
    }

    pub async fn symbols(&mut self, uri: &str) -> Value {
        self.result(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await
    }

    pub async fn definition(&mut self, uri: &str, line: u32, character: u32) -> Value {
        self.result(
            "textDocument/definition",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
        .await
    }

    pub async fn hover(&mut self, uri: &str, line: u32, character: u32) -> Value {
        self.result(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
        .await
    }
}

/// A fixture of the repository's testdata.
pub fn fixture(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata")
        .join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The 0-based line and UTF-16 column of the first occurrence of `needle` (plus `skip`
/// characters) in `text`.
pub fn position_of(text: &str, needle: &str, skip: usize) -> (u32, u32) {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not in the text"))
        + skip;
    let line = text[..at].matches('\n').count();
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..at].encode_utf16().count();
    (line as u32, column as u32)
}
