//! `mpi-dtype-lint lsp`: the language server, a thin layer over the analyzer's `ide` queries.
//!
//! Documents live in a store that `didChange` mutates synchronously (so edits apply in the order
//! they arrive even though tower-lsp runs handlers concurrently); analysis runs on the blocking
//! pool with panics caught; results carry the document version they were computed for, and
//! stale ones are dropped. LSP positions are converted in `position` and nowhere else.

mod documents;
mod features;
mod position;
mod server;
mod settings;
mod snapshot;

// The command line's configuration file and include resolution, shared with the binary.
#[path = "../config.rs"]
mod config;
#[allow(dead_code)] // the server needs only the include resolver of the binary's file helpers
#[path = "../files.rs"]
mod files;

pub use server::{Backend, DEBOUNCE};
pub use snapshot::{AnalyzeFn, Job, Snapshot};

/// Serves LSP on stdin/stdout until the client exits; logs go to stderr.
pub async fn run_stdio() {
    let (service, socket) = tower_lsp::LspService::new(Backend::new);
    tower_lsp::Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
        .serve(service)
        .await;
}
