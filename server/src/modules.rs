//! The index of a tree's Fortran modules: which file defines each (the command line indexes
//! the files it was given and those under the directories it was given; the language server
//! indexes its workspace folders and keeps the index up to date as files change). The
//! analyzer asks for a module's file through [`crate::files::Includes`] when a file `USE`s it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use analyzer::source::Language;
use analyzer::syntax::fortran::module_names;
use rayon::prelude::*;

use crate::files;

/// How many files an index holds: far above a large project's Fortran files, and a bound on
/// the time and memory indexing a huge tree takes.
pub const MAX_INDEXED_FILES: usize = 100_000;

/// One indexed file.
#[derive(Clone, Debug)]
struct Indexed {
    language: Language,
    modules: Vec<String>,
    /// The text of a document open in the editor, which wins over the file on disk.
    open_text: Option<Arc<str>>,
}

/// The files that define each module, and the modules each file defines.
#[derive(Clone, Debug, Default)]
pub struct ModuleIndex {
    files: HashMap<PathBuf, Indexed>,
    defined_in: HashMap<String, Vec<PathBuf>>,
}

/// The file that defines a module.
pub struct ModuleFile {
    pub path: PathBuf,
    pub language: Language,
    pub text: String,
}

impl ModuleIndex {
    /// Indexes the Fortran files among `files` (read in parallel; a file that cannot be read
    /// defines nothing), at most [`MAX_INDEXED_FILES`] of them.
    pub fn of_files(files: &[files::SourceFile]) -> ModuleIndex {
        let scanned: Vec<(PathBuf, Indexed)> = files
            .iter()
            .filter(|f| matches!(f.language, Language::Fortran { .. }))
            .take(MAX_INDEXED_FILES)
            .collect::<Vec<_>>()
            .par_iter()
            .map(|f| {
                let modules = files::read(&f.path)
                    .map(|text| module_names(text.as_str()))
                    .unwrap_or_default();
                let indexed = Indexed {
                    language: f.language,
                    modules,
                    open_text: None,
                };
                (f.path.clone(), indexed)
            })
            .collect();
        let mut index = ModuleIndex::default();
        for (path, indexed) in scanned {
            index.insert(path, indexed);
        }
        index
    }

    fn insert(&mut self, path: PathBuf, indexed: Indexed) {
        for module in &indexed.modules {
            self.defined_in
                .entry(module.clone())
                .or_default()
                .push(path.clone());
        }
        self.files.insert(path, indexed);
    }

    /// Forgets a file (deleted, or no longer Fortran).
    fn remove(&mut self, path: &Path) {
        let Some(old) = self.files.remove(path) else {
            return;
        };
        for module in old.modules {
            if let Some(paths) = self.defined_in.get_mut(&module) {
                paths.retain(|p| p != path);
                if paths.is_empty() {
                    self.defined_in.remove(&module);
                }
            }
        }
    }

    /// Indexes `path` again: from `open_text` when it is open in the editor, else from disk.
    /// A file that is not Fortran, or cannot be read, is forgotten. True when the file defined
    /// a module before or does now: the files that use it must be analysed again.
    pub fn update(
        &mut self,
        path: &Path,
        language: Option<Language>,
        open_text: Option<&str>,
    ) -> bool {
        let defined = self.defines_modules(path);
        self.remove(path);
        let Some(language @ Language::Fortran { .. }) = language else {
            return defined;
        };
        if self.files.len() >= MAX_INDEXED_FILES {
            return defined;
        }
        let modules = match open_text {
            Some(text) => module_names(text),
            None => match files::read(path) {
                Ok(text) => module_names(text.as_str()),
                Err(_) => return defined,
            },
        };
        let defines = !modules.is_empty();
        let indexed = Indexed {
            language,
            modules,
            open_text: open_text.map(Arc::from),
        };
        self.insert(path.to_path_buf(), indexed);
        defined || defines
    }

    /// Takes the open documents' texts of `other` (the index this one replaces).
    pub fn keep_open_texts(&mut self, other: &ModuleIndex) {
        for (path, indexed) in &other.files {
            if let Some(text) = &indexed.open_text {
                self.update(path, Some(indexed.language), Some(text));
            }
        }
    }

    /// Whether the file at `path` defines a module: its changes reach the files that use it.
    pub fn defines_modules(&self, path: &Path) -> bool {
        self.files.get(path).is_some_and(|f| !f.modules.is_empty())
    }

    /// The file that defines module `name`, when exactly one file does (when several do, which
    /// one is compiled is the build's choice, not known here).
    pub fn module_file(&self, name: &str) -> Option<ModuleFile> {
        let [path] = self.defined_in.get(name)?.as_slice() else {
            return None;
        };
        let indexed = self.files.get(path)?;
        let text = match &indexed.open_text {
            Some(text) => text.to_string(),
            None => files::read(path).ok()?.into_string(),
        };
        Some(ModuleFile {
            path: path.clone(),
            language: indexed.language,
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_defined_twice_is_no_ones_and_removal_forgets() {
        let free = Some(Language::fortran(
            analyzer::source::FortranForm::Free,
            false,
        ));
        let mut index = ModuleIndex::default();
        let (a, b) = (Path::new("/x/a.f90"), Path::new("/x/b.f90"));
        index.update(a, free, Some("module m\nend module\n"));
        assert_eq!(index.module_file("m").map(|f| f.path), Some(a.into()));
        index.update(
            b,
            free,
            Some("module m\nend module\nmodule n\nend module\n"),
        );
        assert!(index.module_file("m").is_none());
        assert!(index.module_file("n").is_some());
        index.remove(b);
        assert_eq!(index.module_file("m").map(|f| f.path), Some(a.into()));
        assert!(index.module_file("n").is_none());
        // Edited so that it defines nothing any more.
        index.update(a, free, Some("subroutine s\nend\n"));
        assert!(index.module_file("m").is_none());
        assert!(!index.defines_modules(a));
    }
}
