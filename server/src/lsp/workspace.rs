//! The workspace's Fortran modules: the folders the client opened are indexed once initialized
//! (off the executor), and the index follows the documents open in the editor (their text wins
//! over the disk's: `didOpen`, `didChange`, `didSave`, `didClose`) and the files the client
//! watches (`workspace/didChangeWatchedFiles`). A change to a file that defines a module means
//! every other open document is analysed again.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use analyzer::source::Language;
use serde_json::json;
use tower_lsp_server::ls_types::{
    DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, GlobPattern, InitializeParams,
    Registration, Uri,
};

use crate::files;
use crate::lint::{Contexts, Settings};
use crate::modules::ModuleIndex;

#[derive(Default)]
pub struct Workspace {
    folders: Mutex<Vec<PathBuf>>,
    index: Mutex<Generation>,
}

/// The index, and how many times it changed in a way that may change analyses: an analysis is
/// current only with the generation it was made with.
#[derive(Default)]
struct Generation {
    index: Arc<ModuleIndex>,
    number: u64,
}

impl Generation {
    /// Applies `change` to the index; a new generation when it says analyses may change.
    fn change(&mut self, change: impl FnOnce(&mut ModuleIndex) -> bool) -> bool {
        let changed = change(Arc::make_mut(&mut self.index));
        self.number += u64::from(changed);
        changed
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The path of a `file:` URI.
fn path_of(uri: &Uri) -> Option<PathBuf> {
    if uri.scheme().as_str() != "file" {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

impl Workspace {
    /// Takes the workspace folders (or the root) the client opened.
    pub fn set_folders(&self, params: &InitializeParams) {
        #[allow(deprecated)] // `rootUri` is what clients without workspace folders send.
        let root = params.root_uri.iter();
        let folders = params
            .workspace_folders
            .iter()
            .flatten()
            .map(|f| &f.uri)
            .chain(root)
            .filter_map(path_of)
            .collect();
        *lock(&self.folders) = folders;
    }

    /// Indexes the folders' Fortran files (blocking: run off the executor). True when there
    /// were folders to index.
    pub fn index_folders(&self) -> bool {
        let folders = lock(&self.folders).clone();
        if folders.is_empty() {
            return false;
        }
        let settings = Settings::default();
        let contexts = Contexts::new(&settings);
        let walk = files::collect(&folders, true, &|path| contexts.language(path));
        let mut index = ModuleIndex::of_files(&walk.files);
        let mut current = lock(&self.index);
        // What was opened meanwhile is already in the old index, with its open text.
        index.keep_open_texts(&current.index);
        current.index = Arc::new(index);
        current.number += 1;
        true
    }

    /// The index as it is now, for one analysis, and its generation.
    pub fn modules(&self) -> (Arc<ModuleIndex>, u64) {
        let current = lock(&self.index);
        (current.index.clone(), current.number)
    }

    /// A document's text changed (or it opened, or was saved): `text` is what the editor holds,
    /// `None` once it is closed (the disk's then). True when other documents must be analysed
    /// again.
    pub fn document_changed(&self, path: &Path, language: Language, text: Option<&str>) -> bool {
        let mut current = lock(&self.index);
        // Only Fortran defines modules: a C document's text is not scanned at every change.
        let fortran = matches!(language, Language::Fortran { .. });
        let defines =
            fortran && text.is_some_and(|t| !analyzer::syntax::fortran::module_names(t).is_empty());
        if !defines && !current.index.defines_modules(path) {
            return false;
        }
        current.change(|index| index.update(path, Some(language), text))
    }

    /// A file the client watches was created, changed or deleted on disk (`language`, by the
    /// configuration, is `None` for a deleted file). True when open documents must be analysed
    /// again.
    pub fn file_changed(&self, path: &Path, language: Option<Language>) -> bool {
        lock(&self.index).change(|index| index.update(path, language, None))
    }
}

/// The registration of a watcher over the workspace's Fortran files.
pub fn fortran_files_registration() -> Registration {
    let pattern = format!("**/*.{{{}}}", Language::FORTRAN_EXTENSIONS.join(","));
    let options = DidChangeWatchedFilesRegistrationOptions {
        watchers: vec![FileSystemWatcher {
            glob_pattern: GlobPattern::String(pattern),
            kind: None,
        }],
    };
    Registration {
        id: "mpi-dtype-lint-fortran-files".to_owned(),
        method: "workspace/didChangeWatchedFiles".to_owned(),
        register_options: Some(json!(options)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watched_extensions_are_fortran() {
        for extension in Language::FORTRAN_EXTENSIONS {
            let language = Language::from_extension(extension);
            assert!(
                matches!(language, Some(Language::Fortran { .. })),
                "{extension}"
            );
        }
    }
}
