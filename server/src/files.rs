//! Finding and reading the files to analyse: the only place the tool touches the file system
//! for sources (the analyzer itself does no I/O).

use std::path::{Path, PathBuf};

use analyzer::source::{Decoded, Language, SourceText, MAX_SOURCE_BYTES};
use analyzer::syntax::c::IncludeResolver;

/// A source file found under the given paths.
pub struct SourceFile {
    pub path: PathBuf,
    pub language: Language,
}

/// Walks files and directories (respecting `.gitignore` and `.ignore`), keeping C and Fortran
/// sources, in a stable order. Paths that do not exist are reported, not fatal.
pub fn collect(paths: &[PathBuf], errors: &mut Vec<String>) -> Vec<SourceFile> {
    let mut files = Vec::new();
    for root in paths {
        if !root.exists() {
            errors.push(format!("{}: no such file or directory", root.display()));
            continue;
        }
        for entry in ignore::WalkBuilder::new(root).follow_links(true).build() {
            match entry {
                Ok(e) if e.file_type().is_some_and(|t| t.is_file()) => {
                    if let Some(language) = Language::from_path(e.path()) {
                        files.push(SourceFile {
                            path: e.path().to_path_buf(),
                            language,
                        });
                    }
                }
                Ok(_) => {}
                Err(err) => errors.push(err.to_string()),
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files.dedup_by(|a, b| a.path == b.path);
    files
}

/// Reads a source file as text, or says why it cannot be analysed.
pub fn read(path: &Path) -> Result<SourceText, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() > MAX_SOURCE_BYTES {
        return Err(format!(
            "{}: {} bytes is larger than the {} bytes analysed",
            path.display(),
            bytes.len(),
            MAX_SOURCE_BYTES
        ));
    }
    match SourceText::decode(&bytes) {
        Decoded::Text(text) => Ok(text),
        Decoded::Binary { .. } => Err(format!("{}: binary file, not analysed", path.display())),
    }
}

/// Resolves `#include "name"` next to the including file.
pub struct DirectoryIncludes {
    pub directory: PathBuf,
}

impl IncludeResolver for DirectoryIncludes {
    fn resolve(&mut self, name: &str) -> Option<String> {
        let path = self.directory.join(name);
        match read(&path) {
            Ok(text) => Some(text.into_string()),
            Err(_) => None,
        }
    }
}
