//! Finding and reading the files to analyse: the only place the tool touches the file system
//! for sources (the analyzer itself does no I/O).

use std::path::{Path, PathBuf};

use analyzer::source::{Decoded, Language, SourceText, MAX_SOURCE_BYTES};
use analyzer::syntax::IncludeResolver;

/// A source file found under the given paths.
pub struct SourceFile {
    pub path: PathBuf,
    pub language: Language,
}

impl SourceFile {
    /// A file to analyse, when its extension names C or Fortran.
    pub fn new(path: &Path) -> Option<SourceFile> {
        Some(SourceFile {
            path: path.to_path_buf(),
            language: Language::from_path(path)?,
        })
    }
}

/// Walks files and directories (respecting `.gitignore` and `.ignore` unless told not to),
/// keeping C and Fortran sources, in a stable order. Paths that do not exist are errors;
/// symbolic link loops are skipped with a note on stderr.
pub fn collect(
    paths: &[PathBuf],
    respect_ignore: bool,
    errors: &mut Vec<String>,
) -> Vec<SourceFile> {
    let mut files = Vec::new();
    for root in paths {
        if !root.exists() {
            errors.push(format!("{}: no such file or directory", root.display()));
            continue;
        }
        let walk = ignore::WalkBuilder::new(root)
            .follow_links(true)
            .git_ignore(respect_ignore)
            .git_exclude(respect_ignore)
            .git_global(respect_ignore)
            .ignore(respect_ignore)
            .parents(respect_ignore)
            .build();
        for entry in walk {
            match entry {
                Ok(e) if e.file_type().is_some_and(|t| t.is_file()) => {
                    files.extend(SourceFile::new(e.path()));
                }
                Ok(_) => {}
                Err(err) if is_loop(&err) => eprintln!("mpi-dtype-lint: skipped: {err}"),
                Err(err) => errors.push(err.to_string()),
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files.dedup_by(|a, b| a.path == b.path);
    files
}

fn is_loop(err: &ignore::Error) -> bool {
    match err {
        ignore::Error::Loop { .. } => true,
        ignore::Error::WithPath { err, .. } | ignore::Error::WithDepth { err, .. } => is_loop(err),
        _ => false,
    }
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

/// True when the text mentions an MPI name at all (`MPI_`, `mpi_`, `Mpi_`): files that do not
/// are skipped before parsing.
pub fn mentions_mpi(bytes: &[u8]) -> bool {
    [b"MPI_".as_slice(), b"mpi_", b"Mpi_"]
        .iter()
        .any(|needle| memchr::memmem::find(bytes, needle).is_some())
}

/// Resolves `#include "name"` next to the including file, then on the configured include
/// paths.
pub struct Includes {
    directories: Vec<PathBuf>,
}

impl Includes {
    pub fn new(file: &Path, include_paths: &[PathBuf]) -> Includes {
        let mut directories = vec![file.parent().map(Path::to_path_buf).unwrap_or_default()];
        directories.extend(include_paths.iter().cloned());
        Includes { directories }
    }
}

impl IncludeResolver for Includes {
    fn resolve(&mut self, name: &str) -> Option<String> {
        self.directories
            .iter()
            .map(|d| d.join(name))
            .find(|p| p.is_file())
            .and_then(|p| read(&p).ok())
            .map(|t| t.into_string())
    }
}
