//! `mpi-dtype-lint lsp`: the language server, a thin layer over the analyzer's `ide` queries.
//!
//! Documents live in a store that `didChange` mutates synchronously (so edits apply in the order
//! they arrive even though tower-lsp-server runs handlers concurrently); analysis runs on its own
//! threads with panics caught, one per version (every request for it awaits the same one), made
//! from the previous version's parse. Results carry the version, module index and settings
//! they were computed for: diagnostics and code actions use only the current one; hovers,
//! inlay hints, symbols and definitions answer at once from the latest, through the edits made
//! since (`edits`). LSP positions are converted in `position` and nowhere else.

mod documents;
mod edits;
mod features;
mod position;
mod server;
mod settings;
mod snapshot;
mod transport;
mod workspace;

use std::process::ExitCode;
use std::sync::atomic::Ordering;

use tokio::io::{AsyncRead, AsyncWrite};

pub use crate::settings::AnalyzeFn;
pub use server::DEBOUNCE;

use server::Backend;

/// Serves LSP on stdin/stdout until the client exits; logs go to stderr.
pub async fn run_stdio() -> ExitCode {
    serve(
        tokio::io::stdin(),
        tokio::io::stdout(),
        analyzer::analysis::reanalyze,
    )
    .await
}

/// Serves LSP over any byte streams, analysing with `analyze`, until `exit` or the end of the
/// input. The exit status is LSP's: success after a `shutdown`, 1 without one.
pub async fn serve<I, O>(input: I, output: O, analyze: AnalyzeFn) -> ExitCode
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin,
{
    let (service, socket) =
        tower_lsp_server::LspService::build(move |client| Backend::with_analyzer(client, analyze))
            .custom_method(transport::MALFORMED_METHOD, Backend::malformed_message)
            .custom_method(
                transport::DUPLICATE_INITIALIZE_METHOD,
                Backend::duplicate_initialize,
            )
            .custom_method(
                transport::UNKNOWN_DOLLAR_REQUEST_METHOD,
                Backend::unknown_dollar_request,
            )
            .finish();
    let shut_down = service.inner().shut_down.clone();
    let (filtered, server_input) = tokio::io::duplex(1 << 16);
    let filter = tokio::spawn(async move {
        if let Err(e) = transport::filter_frames(input, filtered).await {
            eprintln!("mpi-dtype-lint: reading the client's messages: {e}");
        }
    });
    tower_lsp_server::Server::new(server_input, output, socket)
        .serve(service)
        .await;
    filter.abort();
    if shut_down.load(Ordering::Relaxed) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
