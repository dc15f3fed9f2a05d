//! The open documents. Every method is synchronous and holds the lock only inside itself, so a
//! handler that calls one before its first `.await` mutates the store in the order the
//! notifications arrived.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use analyzer::source::{FortranForm, Language, LineIndex, PositionEncoding};
use tower_lsp_server::ls_types::{Range, TextDocumentContentChangeEvent, Uri};

use super::edits::{ByteEdit, EditMap};
use super::position::Converter;
use super::snapshot::{Pending, Snapshot, Stamp};
use crate::config::Config;

pub struct Document {
    pub text: String,
    /// The line index of `text`, for queries answered while it is being analysed.
    pub line_index: Arc<LineIndex>,
    pub version: i32,
    /// The client's language id; the language is decided with the configuration at analysis.
    pub language_id: String,
    pub path: Option<PathBuf>,
    /// Counts the changes of what every analysis of the document reads besides its text
    /// (settings, configuration files): an analysis made before the last one is outdated.
    pub epoch: u64,
    /// The latest analysis, possibly of an older version.
    pub snapshot: Option<Arc<Snapshot>>,
    /// The edits made since the text of `snapshot`, with the version each made.
    edits: Vec<(i32, ByteEdit)>,
    /// The analysis under way, which every request for its stamp awaits.
    pub pending: Option<Pending>,
}

impl Document {
    /// What an analysis of the document made now would be made of, with the modules of index
    /// `generation`.
    pub fn stamp(&self, generation: u64) -> Stamp {
        Stamp {
            version: self.version,
            generation,
            epoch: self.epoch,
        }
    }

    /// The analysis of the current version, settings and modules of index `generation`, if
    /// there is one yet.
    pub fn current_snapshot(&self, generation: u64) -> Option<Arc<Snapshot>> {
        let now = self.stamp(generation);
        self.snapshot.clone().filter(|s| s.stamp == now)
    }

    /// The latest analysis and the edits made since its text, when mapping through them is
    /// worth it (see [`EditMap::usable`]).
    pub fn latest_snapshot(&self) -> Option<(Arc<Snapshot>, EditMap)> {
        let snapshot = self.snapshot.clone()?;
        let edits = EditMap::new(
            self.edits
                .iter()
                .filter(|(version, _)| *version > snapshot.stamp.version)
                .map(|(_, edit)| *edit)
                .collect(),
        );
        edits.usable().then_some((snapshot, edits))
    }

    /// Keeps `snapshot` unless a newer analysis is already there, and forgets the edits its
    /// text already has. Returns the analysis it replaces, for the caller to free where that
    /// takes no lock and no executor thread.
    #[must_use]
    pub fn store_snapshot(&mut self, snapshot: Arc<Snapshot>) -> Option<Arc<Snapshot>> {
        let stamp = snapshot.stamp;
        if self.pending.as_ref().is_some_and(|p| p.stamp <= stamp) {
            self.pending = None;
        }
        if self.snapshot.as_ref().is_none_or(|s| s.stamp <= stamp) {
            self.edits.retain(|(version, _)| *version > stamp.version);
            return self.snapshot.replace(snapshot);
        }
        None
    }

    /// Makes every analysis made so far outdated: what it read besides the text changed.
    pub fn outdate(&mut self) {
        self.epoch += 1;
        self.pending = None;
    }
}

/// Why a `didChange` was not (wholly) applied.
#[derive(Debug)]
pub enum ChangeError {
    UnknownDocument,
    ReversedRange(Range),
}

impl std::fmt::Display for ChangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChangeError::UnknownDocument => write!(f, "a change to a document that is not open"),
            ChangeError::ReversedRange(r) => write!(
                f,
                "a change whose range ends ({}:{}) before it starts ({}:{}) was skipped",
                r.end.line, r.end.character, r.start.line, r.start.character
            ),
        }
    }
}

#[derive(Default)]
pub struct Documents(Mutex<HashMap<Uri, Document>>);

impl Documents {
    fn lock(&self) -> MutexGuard<'_, HashMap<Uri, Document>> {
        // A panic elsewhere never leaves a document half-edited: edits are applied whole.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn open(&self, uri: Uri, text: String, version: i32, language_id: &str) {
        let path = file_path(&uri);
        let document = Document {
            line_index: Arc::new(LineIndex::new(&text)),
            text,
            version,
            language_id: language_id.to_owned(),
            path,
            epoch: 0,
            snapshot: None,
            edits: Vec::new(),
            pending: None,
        };
        self.lock().insert(uri, document);
    }

    /// Applies the changes in order and takes the new version; `Err` for an unknown document
    /// or a change whose range ends before it starts (which is skipped, the others applied:
    /// reading it as the span between its ends could replace the whole document).
    pub fn change(
        &self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: PositionEncoding,
    ) -> Result<(), ChangeError> {
        let mut documents = self.lock();
        let Some(document) = documents.get_mut(uri) else {
            return Err(ChangeError::UnknownDocument);
        };
        let mut result = Ok(());
        for change in changes {
            let span = match change.range {
                None => analyzer::source::Span::new(0, document.text.len()),
                Some(range) if range.end < range.start => {
                    result = Err(ChangeError::ReversedRange(range));
                    continue;
                }
                Some(range) => Converter {
                    index: &document.line_index,
                    encoding,
                }
                .span(range),
            };
            document
                .text
                .replace_range(span.start..span.end, &change.text);
            let new_end = span.start + change.text.len();
            document.line_index = Arc::new(document.line_index.changed(
                &document.text,
                span.start..span.end,
                new_end,
            ));
            let edit = ByteEdit {
                start: span.start,
                old_end: span.end,
                new_end,
            };
            document.edits.push((version, edit));
        }
        document.version = version;
        result
    }

    pub fn close(&self, uri: &Uri) {
        self.lock().remove(uri);
    }

    pub fn with<R>(&self, uri: &Uri, f: impl FnOnce(&mut Document) -> R) -> Option<R> {
        self.lock().get_mut(uri).map(f)
    }

    pub fn uris(&self) -> Vec<Uri> {
        self.lock().keys().cloned().collect()
    }
}

/// The file a `file:` URI names; `None` for other schemes (`untitled:`), which `Uri` would
/// turn into relative paths.
fn file_path(uri: &Uri) -> Option<PathBuf> {
    if uri.scheme().as_str() != "file" {
        return None;
    }
    uri.to_file_path()
        .map(Cow::into_owned)
        .filter(|path| path.is_absolute())
}

/// The language by the file's extension (the configuration's `[extensions]` first), else by the
/// client's language id (C by default).
pub fn language_of(uri: &Uri, path: Option<&Path>, language_id: &str, config: &Config) -> Language {
    let by_name = path
        .and_then(|p| config.language_for(p))
        .or_else(|| config.language_for(Path::new(uri.path().as_str())));
    by_name.unwrap_or_else(|| language_by_id(language_id))
}

/// The language an editor's language id names. Fortran extensions spell the forms many ways
/// (`FortranFreeForm`, `fortran_free-form`, `fortran-modern`, `fortran90`, ...): compared
/// without case, `_` or `-`. Anything else, `cpp` for a `.h` header included, is read as C.
fn language_by_id(language_id: &str) -> Language {
    let id: String = language_id
        .chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let form = match id.as_str() {
        "fortranfixedform" | "fortran77" | "fortranfixed" => FortranForm::Fixed,
        "fortran" | "fortranfreeform" | "fortranfree" | "fortranmodern" | "fortran90"
        | "fortran95" | "fortran2003" | "fortran2008" => FortranForm::Free,
        _ => return Language::C,
    };
    Language::Fortran {
        form,
        preprocessed: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_id_the_editors_use() {
        let free = Language::Fortran {
            form: FortranForm::Free,
            preprocessed: false,
        };
        let fixed = Language::Fortran {
            form: FortranForm::Fixed,
            preprocessed: false,
        };
        for id in [
            "fortran",
            "fortran90",
            "fortran-modern",
            "FortranFreeForm",
            "fortran_free-form",
            "fortran_free_form",
        ] {
            assert_eq!(language_by_id(id), free, "{id}");
        }
        for id in [
            "FortranFixedForm",
            "fortran_fixed-form",
            "fortran_fixed_form",
            "fortran77",
        ] {
            assert_eq!(language_by_id(id), fixed, "{id}");
        }
        for id in ["c", "cpp", "objective-c"] {
            assert_eq!(language_by_id(id), Language::C, "{id}");
        }
    }
}
