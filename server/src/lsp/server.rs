//! The LSP handlers: each converts its parameters, asks the document store or a snapshot, and
//! converts back. Edits reach the store before any `.await`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use analyzer::source::PositionEncoding;
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::documents::{language_of, ChangeError, Documents};
use super::features::{View, SOURCE};
use super::position;
use super::settings::{client_overrides, CompileDbs, Configs};
use super::snapshot::{off_executor, retire, Job, Pending, Snapshot};
use super::workspace::{fortran_files_registration, Workspace};
use crate::compile_db;
use crate::config::{self, Config};
use crate::settings::{AnalyzeFn, FileSettings, Overrides};

/// How long diagnostics wait for typing to pause. Hovers and the other queries never wait for
/// them: they answer from the latest analysis.
pub const DEBOUNCE: Duration = Duration::from_millis(50);

pub struct Backend {
    client: Client,
    state: Arc<State>,
    /// Whether `shutdown` was accepted: the exit status depends on it.
    pub(super) shut_down: Arc<AtomicBool>,
}

/// What the handlers share; every lock is taken and released without an `.await` in between.
struct State {
    documents: Documents,
    settings: Mutex<Overrides>,
    configs: Configs,
    compile_dbs: CompileDbs,
    encoding: Mutex<PositionEncoding>,
    analyze: AnalyzeFn,
    workspace: Workspace,
    /// The file watchers to register once initialized, if the client can: the configuration
    /// files and the Fortran files (whose modules other files use).
    watchers: Mutex<Vec<Registration>>,
}

impl Backend {
    /// A server whose analyses run `analyze` (tests use one that panics).
    pub(crate) fn with_analyzer(client: Client, analyze: AnalyzeFn) -> Backend {
        Backend {
            client,
            state: Arc::new(State {
                documents: Documents::default(),
                settings: Mutex::new(Overrides::default()),
                configs: Configs::default(),
                compile_dbs: CompileDbs::default(),
                encoding: Mutex::new(PositionEncoding::Utf16),
                analyze,
                workspace: Workspace::default(),
                watchers: Mutex::new(Vec::new()),
            }),
            shut_down: Arc::default(),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl State {
    fn encoding(&self) -> PositionEncoding {
        *lock(&self.encoding)
    }

    /// The configuration for a file (see [`Configs::config_for`]). Every caller goes through
    /// here: a file's problems come back once per reading, and the user is told them then.
    fn config_for(&self, client: &Client, path: Option<&std::path::Path>) -> Arc<Config> {
        let (config, problems) = self.configs.config_for(path);
        for problem in problems {
            tell(client, problem);
        }
        config
    }

    /// The analysis of the document's current version: the stored one, the one under way, or
    /// a new one. Every request for one version shares one analysis.
    async fn snapshot(&self, client: &Client, uri: &Uri) -> Result<Option<Arc<Snapshot>>> {
        let (modules, generation) = self.workspace.modules();
        let found = self.documents.with(uri, |d| {
            if let Some(stored) = d.current_snapshot(generation) {
                return Err(stored);
            }
            let stamp = d.stamp(generation);
            let pending = match &d.pending {
                Some(p) if p.stamp == stamp => p.clone(),
                _ => d.pending.insert(Pending::new(stamp)).clone(),
            };
            let source = (d.text.clone(), d.language_id.clone(), d.path.clone());
            Ok((pending, source, d.snapshot.clone()))
        });
        let (pending, (text, language_id, path), previous) = match found {
            None => return Ok(None),
            Some(Err(stored)) => return Ok(Some(stored)),
            Some(Ok(found)) => found,
        };
        let analysed = pending
            .result
            .get_or_init(|| async {
                let config = self.config_for(client, path.as_deref());
                let language = language_of(uri, path.as_deref(), &language_id, &config);
                let (flags, db_error) = self.compile_dbs.flags_for(path.as_deref());
                if let Some(e) = db_error {
                    log(
                        client,
                        MessageType::WARNING,
                        format!("{e}; its flags are not used"),
                    );
                }
                let settings =
                    FileSettings::new(&lock(&self.settings), &config, &flags, path.as_deref())
                        .with_modules(Some(modules));
                let job = Job {
                    text,
                    previous,
                    stamp: pending.stamp,
                    language,
                    path,
                    settings,
                };
                if job.too_large() {
                    let mib = analyzer::source::MAX_SOURCE_BYTES >> 20;
                    log(
                        client,
                        MessageType::WARNING,
                        format!("{}: not analysed: larger than {mib} MiB", uri.as_str()),
                    );
                }
                let analyze = self.analyze;
                off_executor(move || job.run(analyze)).await.map(Arc::new)
            })
            .await
            .clone();
        let snapshot = analysed.map_err(|message| failed(client, uri, message))?;
        let replaced = self
            .documents
            .with(uri, |d| d.store_snapshot(snapshot.clone()))
            .flatten();
        if let Some(replaced) = replaced {
            retire(replaced);
        }
        Ok(Some(snapshot))
    }

    /// Runs a query on the current snapshot, off the executor, with panics caught.
    async fn query<R: Send + 'static>(
        &self,
        client: &Client,
        uri: &Uri,
        query: impl FnOnce(&View<'_>) -> R + Send + 'static,
    ) -> Result<Option<R>> {
        let Some(snapshot) = self.snapshot(client, uri).await? else {
            return Ok(None);
        };
        let encoding = self.encoding();
        self.run_query(client, uri, move || query(&View::new(&snapshot, encoding)))
            .await
    }

    /// Runs a query at once on the latest snapshot, with positions mapped through the edits
    /// made since its text; it waits for an analysis only when there is none yet.
    async fn query_latest<R: Send + 'static>(
        &self,
        client: &Client,
        uri: &Uri,
        query: impl FnOnce(&View<'_>) -> R + Send + 'static,
    ) -> Result<Option<R>> {
        let latest = self.documents.with(uri, |d| {
            let (snapshot, edits) = d.latest_snapshot()?;
            Some((snapshot, edits, d.line_index.clone()))
        });
        let Some(Some((snapshot, edits, current))) = latest else {
            return self.query(client, uri, query).await;
        };
        let encoding = self.encoding();
        self.run_query(client, uri, move || {
            query(&View::latest(&snapshot, encoding, &current, edits))
        })
        .await
    }

    /// Runs `query` off the executor; a panic becomes an error the client sees and the log.
    async fn run_query<R: Send + 'static>(
        &self,
        client: &Client,
        uri: &Uri,
        query: impl FnOnce() -> R + Send + 'static,
    ) -> Result<Option<R>> {
        off_executor(query)
            .await
            .map(Some)
            .map_err(|message| failed(client, uri, message))
    }

    /// After `delay`, publishes the diagnostics of `version` unless the document has moved on.
    async fn publish_after(&self, client: &Client, uri: Uri, version: i32, delay: Duration) {
        tokio::time::sleep(delay).await;
        let current = |state: &State| state.documents.with(&uri, |d| d.version) == Some(version);
        if !current(self) {
            return;
        }
        let Ok(Some(snapshot)) = self.snapshot(client, &uri).await else {
            return;
        };
        // An analysis made with modules or settings that changed since is followed by one
        // made with them.
        let generation = self.workspace.modules().1;
        let now = self.documents.with(&uri, |d| d.stamp(generation));
        if snapshot.stamp.version != version || now != Some(snapshot.stamp) {
            return;
        }
        let diagnostics = View::new(&snapshot, self.encoding()).diagnostics(&uri);
        client
            .publish_diagnostics(uri, diagnostics, Some(version))
            .await;
    }
}

fn schedule_diagnostics(
    state: &Arc<State>,
    client: &Client,
    uri: Uri,
    version: i32,
    delay: Duration,
) {
    let (state, client) = (state.clone(), client.clone());
    tokio::spawn(async move { state.publish_after(&client, uri, version, delay).await });
}

/// Analyses every open document again (but `except`), after `delay`: what they depend on
/// changed.
fn reanalyse_open_documents(
    state: &Arc<State>,
    client: &Client,
    except: Option<&Uri>,
    delay: Duration,
) {
    for uri in state.documents.uris() {
        if Some(&uri) == except {
            continue;
        }
        let version = state.documents.with(&uri, |d| {
            d.outdate();
            d.version
        });
        if let Some(version) = version {
            schedule_diagnostics(state, client, uri, version, delay);
        }
    }
}

/// An analysis or query of `uri` that failed (a panic): logged, and the request's error.
fn failed(client: &Client, uri: &Uri, message: String) -> Error {
    log(
        client,
        MessageType::ERROR,
        format!("{}: {message}", uri.as_str()),
    );
    Error {
        message: message.into(),
        ..Error::internal_error()
    }
}

/// A problem the user must fix (a setting, a configuration file): shown, and logged.
fn tell(client: &Client, message: String) {
    log(client, MessageType::WARNING, message.clone());
    let client = client.clone();
    tokio::spawn(async move { client.show_message(MessageType::WARNING, message).await });
}

/// A note for the user: on stderr, and to the client as a log message (never on stdout, which
/// carries the protocol).
fn log(client: &Client, level: MessageType, message: String) {
    eprintln!("{SOURCE}: {message}");
    let client = client.clone();
    tokio::spawn(async move { client.log_message(level, message).await });
}

impl Backend {
    /// The answer to a frame that was not a JSON-RPC message (see `transport`).
    pub(crate) async fn malformed_message(&self) -> Result<()> {
        log(
            &self.client,
            MessageType::WARNING,
            "a malformed message was ignored".to_owned(),
        );
        Err(Error::parse_error())
    }

    /// The answer to a `$/` request: no such method (see `transport`).
    pub(crate) async fn unknown_dollar_request(&self) -> Result<()> {
        Err(Error::method_not_found())
    }

    /// The answer to an `initialize` after the first (see `transport`).
    pub(crate) async fn duplicate_initialize(&self) -> Result<()> {
        Err(Error::invalid_request())
    }

    fn schedule_diagnostics(&self, uri: Uri, version: i32, delay: Duration) {
        schedule_diagnostics(&self.state, &self.client, uri, version, delay);
    }

    fn reanalyse_open_documents(&self, except: Option<&Uri>, delay: Duration) {
        reanalyse_open_documents(&self.state, &self.client, except, delay);
    }

    /// Brings the module index up to date with an open document's text (`closed`: the disk's),
    /// and analyses the others again when they may use what it defines.
    fn document_modules_changed(&self, uri: &Uri, closed: bool) {
        let found = self.state.documents.with(uri, |d| {
            let config = self.state.config_for(&self.client, d.path.as_deref());
            let language = language_of(uri, d.path.as_deref(), &d.language_id, &config);
            (d.path.clone(), language, (!closed).then(|| d.text.clone()))
        });
        let Some((Some(path), language, text)) = found else {
            return;
        };
        if self
            .state
            .workspace
            .document_changed(&path, language, text.as_deref())
        {
            self.reanalyse_open_documents(Some(uri), DEBOUNCE);
        }
    }

    fn apply_settings(&self, value: &Value) {
        let (settings, problems) = client_overrides(value);
        *lock(&self.state.settings) = settings;
        for problem in problems {
            tell(
                &self.client,
                format!("settings: {problem}; the other settings are used"),
            );
        }
    }
}

/// The files every open document's analysis may read besides its own text: configuration
/// files and compilation databases.
const CONFIGURATION_FILES: [&str; 2] = [config::FILE_NAME, compile_db::FILE_NAME];

/// The registration of a watcher over the configuration files and compilation databases.
fn configuration_files_registration() -> Registration {
    let watchers = CONFIGURATION_FILES
        .map(|name| FileSystemWatcher {
            glob_pattern: GlobPattern::String(format!("**/{name}")),
            kind: None,
        })
        .to_vec();
    let options = DidChangeWatchedFilesRegistrationOptions { watchers };
    Registration {
        id: "mpi-dtype-lint/configuration-files".to_owned(),
        method: "workspace/didChangeWatchedFiles".to_owned(),
        register_options: serde_json::to_value(options).ok(),
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let encoding = position::negotiate(&params);
        *lock(&self.state.encoding) = encoding;
        self.state.workspace.set_folders(&params);
        let can_watch = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files)
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        if can_watch {
            *lock(&self.state.watchers) = vec![
                configuration_files_registration(),
                fortran_files_registration(),
            ];
        }
        if let Some(options) = &params.initialization_options {
            self.apply_settings(options);
        }
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(position::encoding_kind(encoding)),
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                        ..TextDocumentSyncOptions::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::REFACTOR,
                            CodeActionKind::SOURCE_FIX_ALL,
                        ]),
                        ..CodeActionOptions::default()
                    },
                )),
                inlay_hint_provider: Some(OneOf::Left(true)),
                document_symbol_provider: Some(OneOf::Left(true)),
                definition_provider: Some(OneOf::Left(true)),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: SOURCE.to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
            ..InitializeResult::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let watchers = std::mem::take(&mut *lock(&self.state.watchers));
        if !watchers.is_empty() {
            let client = self.client.clone();
            // Not awaited here: the client answers after it has read this notification.
            tokio::spawn(async move {
                if let Err(e) = client.register_capability(watchers).await {
                    let message = format!("configuration and Fortran files are not watched: {e}");
                    log(&client, MessageType::WARNING, message);
                }
            });
        }
        // Indexing a large workspace takes a while: the documents opened meanwhile are analysed
        // without it, and again once it is there.
        let (state, client) = (self.state.clone(), self.client.clone());
        tokio::spawn(async move {
            let indexing = state.clone();
            match off_executor(move || indexing.workspace.index_folders()).await {
                Ok(true) => reanalyse_open_documents(&state, &client, None, Duration::ZERO),
                Ok(false) => {}
                Err(message) => log(&client, MessageType::ERROR, message),
            }
        });
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::Relaxed);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        self.state
            .documents
            .open(doc.uri.clone(), doc.text, doc.version, &doc.language_id);
        self.document_modules_changed(&doc.uri, false);
        self.schedule_diagnostics(doc.uri, doc.version, Duration::ZERO);
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        self.document_modules_changed(&params.text_document.uri, false);
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        // A configuration file or compilation database: every open document may read it.
        let configuration = params.changes.iter().any(|event| {
            let path = event.uri.path().as_str();
            let name = path.rsplit('/').next().unwrap_or(path);
            CONFIGURATION_FILES.contains(&name)
        });
        if configuration {
            self.state.configs.forget();
            self.state.compile_dbs.forget();
        }
        let mut changed = false;
        for event in params.changes {
            let Some(path) = event.uri.to_file_path().map(|p| p.into_owned()) else {
                continue;
            };
            // An open document's text wins over the disk's.
            if self.state.documents.with(&event.uri, |_| ()).is_some() {
                continue;
            }
            let language = match event.typ {
                FileChangeType::DELETED => None,
                _ => self
                    .state
                    .config_for(&self.client, Some(&path))
                    .language_for(&path),
            };
            changed |= self.state.workspace.file_changed(&path, language);
        }
        if configuration {
            self.reanalyse_open_documents(None, Duration::ZERO);
        } else if changed {
            self.reanalyse_open_documents(None, DEBOUNCE);
        }
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let doc = params.text_document;
        let encoding = self.state.encoding();
        let changed =
            self.state
                .documents
                .change(&doc.uri, doc.version, params.content_changes, encoding);
        match changed {
            Err(ChangeError::UnknownDocument) => return,
            Err(e) => log(
                &self.client,
                MessageType::WARNING,
                format!("{}: {e}", doc.uri.as_str()),
            ),
            Ok(()) => {}
        }
        self.document_modules_changed(&doc.uri, false);
        self.schedule_diagnostics(doc.uri, doc.version, DEBOUNCE);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        self.document_modules_changed(&uri, true);
        self.state.documents.close(&uri);
        self.client.publish_diagnostics(uri, Vec::new(), None).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.apply_settings(&params.settings);
        self.reanalyse_open_documents(None, Duration::ZERO);
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        let position = at.position;
        let found = self
            .state
            .query_latest(&self.client, &at.text_document.uri, move |v| {
                v.hover(position)
            })
            .await?;
        Ok(found.flatten())
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let (for_uri, range) = (uri.clone(), params.range);
        self.state
            .query(&self.client, &uri, move |v| v.code_actions(&for_uri, range))
            .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let range = params.range;
        self.state
            .query_latest(&self.client, &params.text_document.uri, move |v| {
                v.inlay_hints(range)
            })
            .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let symbols = self
            .state
            .query_latest(&self.client, &params.text_document.uri, |v| v.symbols())
            .await?;
        Ok(symbols.map(DocumentSymbolResponse::Nested))
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let (uri, position) = (at.text_document.uri, at.position);
        let for_uri = uri.clone();
        let locations = self
            .state
            .query_latest(&self.client, &uri, move |v| {
                v.definition(&for_uri, position)
            })
            .await?;
        Ok(locations
            .filter(|l| !l.is_empty())
            .map(GotoDefinitionResponse::Array))
    }
}
