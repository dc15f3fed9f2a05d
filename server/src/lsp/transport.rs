//! The byte stream between the client and tower-lsp-server. Its reader stops for good at the
//! first frame it cannot decode, so frames pass through a filter first: one whose headers or
//! body are not a JSON-RPC message is replaced by a request for [`MALFORMED_METHOD`], which the
//! server answers with a JSON-RPC parse error, and reading goes on. A second `initialize` after
//! a valid one becomes a request for [`DUPLICATE_INITIALIZE_METHOD`]: tower-lsp-server would run
//! it (the first one is still in flight) and, its parameters failing, mark the server
//! uninitialized for good. A `$/` request becomes one for [`UNKNOWN_DOLLAR_REQUEST_METHOD`].

use std::io;

use serde::Deserialize;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::ls_types::InitializeParams;

/// The method a malformed frame becomes.
pub const MALFORMED_METHOD: &str = "mpi-dtype-lint/malformedMessage";

/// The method a repeated `initialize` request becomes.
pub const DUPLICATE_INITIALIZE_METHOD: &str = "mpi-dtype-lint/duplicateInitialize";

/// The method an unknown `$/` request becomes: tower-lsp-server never answers those, and a
/// request must be answered (`MethodNotFound`); `$/` notifications may be ignored.
pub const UNKNOWN_DOLLAR_REQUEST_METHOD: &str = "mpi-dtype-lint/unknownDollarRequest";

/// Largest body accepted; a larger one is skipped and answered with a parse error.
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
            Some(n) if n <= MAX_BODY => {
                let mut body = vec![0; n];
                input.read_exact(&mut body).await?;
                pass(body, &mut initialized)
            }
            Some(n) => {
                tokio::io::copy(&mut (&mut input).take(n as u64), &mut tokio::io::sink()).await?;
                None
            }
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
