//! The byte stream between the client and tower-lsp-server. Its reader stops for good at the
//! first frame it cannot decode, so frames pass through a filter first: one whose headers or
//! body are not a JSON-RPC message is replaced by a request for [`MALFORMED_METHOD`], which the
//! server answers with a JSON-RPC parse error, and reading goes on. A second `initialize` after
//! a valid one becomes a request for [`DUPLICATE_INITIALIZE_METHOD`]: tower-lsp-server would run
//! it (the first one is still in flight) and, its parameters failing, mark the server
//! uninitialized for good. A `$/` request becomes one for [`UNKNOWN_DOLLAR_REQUEST_METHOD`].
//!
//! A wrong `Content-Length` costs at most the message it frames; the server reads on rather
//! than exiting, because editors restart a dead server only a few times and lose the user's
//! unsaved state with it, while one lost message is answered (a parse error) and then
//! forgotten. Too small, the rest of the body runs into the next header line, where reading
//! picks up again. Too large, the body ends where its JSON value ends: waiting for the bytes
//! the length promised would swallow the client's next messages, or wait for ever while the
//! client waits for the answer.

use std::io;

use serde::Deserialize;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::ls_types::InitializeParams;

/// The method a malformed frame becomes.
pub const MALFORMED_METHOD: &str = "mpi-dtype-lint/malformedMessage";

/// The method a repeated `initialize` request becomes.
pub const DUPLICATE_INITIALIZE_METHOD: &str = "mpi-dtype-lint/duplicateInitialize";

/// The method an unknown `$/` request becomes: tower-lsp-server never answers those, and a
/// request must be answered (`MethodNotFound`); `$/` notifications may be ignored.
pub const UNKNOWN_DOLLAR_REQUEST_METHOD: &str = "mpi-dtype-lint/unknownDollarRequest";

/// Largest body accepted; a larger one is read past and answered with a parse error.
const MAX_BODY: usize = 256 << 20;

/// Copies frames from `input` to `output` until `input` ends, replacing malformed ones.
pub async fn filter_frames<R, W>(input: R, mut output: W) -> io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut input = BufReader::new(input);
    let mut initialized = false;
    while let Some(length) = read_headers(&mut input).await? {
        let body = match length {
            Some(length) => read_body(&mut input, length)
                .await?
                .and_then(|body| pass(body, &mut initialized)),
            None => None,
        };
        let body = body.unwrap_or_else(|| {
            json!({ "jsonrpc": "2.0", "id": null, "method": MALFORMED_METHOD })
                .to_string()
                .into_bytes()
        });
        let header = format!("Content-Length: {}\r\n\r\n", body.len());
        output.write_all(header.as_bytes()).await?;
        output.write_all(&body).await?;
        output.flush().await?;
    }
    output.shutdown().await
}

/// Reads one header block: `None` at the end of the input, `Some(None)` when it has no valid
/// `Content-Length`.
async fn read_headers<R: AsyncRead + Unpin>(
    input: &mut BufReader<R>,
) -> io::Result<Option<Option<usize>>> {
    let mut length = None;
    let mut seen_header = false;
    loop {
        let mut line = Vec::new();
        if input.read_until(b'\n', &mut line).await? == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim();
        if line.is_empty() {
            if seen_header {
                return Ok(Some(length));
            }
            continue;
        }
        seen_header = true;
        // Anywhere in the line: after a body shorter than its Content-Length said, the rest of
        // it runs into the next header, which is where reading picks up again.
        let lower = line.to_ascii_lowercase();
        if let Some(at) = lower.find("content-length:") {
            length = line[at + "content-length:".len()..].trim().parse().ok();
        }
    }
}

/// Reads a body of at most `length` bytes: up to the end of its JSON object or array when that
/// comes first (the rest of the promised length is left to the header reader, which skips what
/// is not a header). `None` for a body over [`MAX_BODY`], which is read past and dropped.
async fn read_body<R: AsyncRead + Unpin>(
    input: &mut BufReader<R>,
    length: usize,
) -> io::Result<Option<Vec<u8>>> {
    let mut body = Vec::new();
    let mut value = ValueEnd::default();
    let mut left = length;
    let mut kept = length <= MAX_BODY;
    while left > 0 {
        let chunk = input.fill_buf().await?;
        if chunk.is_empty() {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        let chunk = &chunk[..chunk.len().min(left)];
        let (used, ended) = match value.feed(chunk) {
            Some(end) => (end, true),
            None => (chunk.len(), false),
        };
        kept &= body.len() + used <= MAX_BODY;
        if kept {
            body.extend_from_slice(&chunk[..used]);
        }
        input.consume(used);
        left -= used;
        if ended {
            break;
        }
    }
    Ok(kept.then_some(body))
}

/// Finds where the JSON object or array at the start of a body ends, fed the body a chunk at a
/// time (in time linear in the body). A body that starts with anything else never ends early.
#[derive(Default)]
struct ValueEnd {
    started: bool,
    /// Not an object or array: read to the promised length.
    other: bool,
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl ValueEnd {
    /// The length of the part of `chunk` up to and including the value's last byte, when the
    /// value ends in it.
    fn feed(&mut self, chunk: &[u8]) -> Option<usize> {
        if self.other {
            return None;
        }
        for (at, &byte) in chunk.iter().enumerate() {
            if !self.started {
                match byte {
                    b'{' | b'[' => self.started = true,
                    b' ' | b'\t' | b'\r' | b'\n' => continue,
                    _ => {
                        self.other = true;
                        return None;
                    }
                }
            }
            if self.in_string {
                match byte {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return Some(at + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// The body to hand to tower-lsp-server, `None` when it will not decode it (not a request, a
/// notification nor a response); `initialized` tells whether a valid `initialize` went before.
fn pass(body: Vec<u8>, initialized: &mut bool) -> Option<Vec<u8>> {
    let Ok(request) = serde_json::from_slice::<Request>(&body) else {
        return serde_json::from_slice::<Response>(&body)
            .is_ok()
            .then_some(body);
    };
    match request.id() {
        Some(id) if request.method() == "initialize" && *initialized => Some(
            json!({ "jsonrpc": "2.0", "id": id, "method": DUPLICATE_INITIALIZE_METHOD })
                .to_string()
                .into_bytes(),
        ),
        Some(_) if request.method() == "initialize" => {
            *initialized = request
                .params()
                .is_some_and(|p| InitializeParams::deserialize(p).is_ok());
            Some(body)
        }
        // `initialize` is a request; as a notification it could reset the server's state too.
        None if request.method() == "initialize" => None,
        Some(id) if request.method().starts_with("$/") => Some(
            json!({ "jsonrpc": "2.0", "id": id, "method": UNKNOWN_DOLLAR_REQUEST_METHOD })
                .to_string()
                .into_bytes(),
        ),
        _ => Some(body),
    }
}
