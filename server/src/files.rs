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

/// The C and Fortran sources under some paths, in a stable order, and what went wrong.
#[derive(Default)]
pub struct Walk {
    pub files: Vec<SourceFile>,
    /// Paths that do not exist or cannot be read.
    pub errors: Vec<String>,
    /// Symbolic link loops, skipped.
    pub notes: Vec<String>,
}

/// Walks files and directories (respecting `.gitignore` and `.ignore` unless told not to),
/// keeping the files `language` gives a language (by the configuration's extensions). A file
/// whose configuration is bad is kept by the built-in extensions and the error told once.
pub fn collect(
    paths: &[PathBuf],
    respect_ignore: bool,
    language: &dyn Fn(&Path) -> Result<Option<Language>, String>,
) -> Walk {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    for root in paths {
        if !root.exists() {
            errors.push(format!("{}: no such file or directory", display_path(root)));
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
                    let found = language(e.path()).unwrap_or_else(|error| {
                        if !errors.contains(&error) {
                            errors.push(error);
                        }
                        Language::from_path(e.path())
                    });
                    files.extend(found.map(|language| SourceFile {
                        path: e.path().to_path_buf(),
                        language,
                    }));
                }
                Ok(_) => {}
                Err(err) if is_loop(&err) => notes.push(format!("{err}; skipped")),
                Err(err) => match dangling_link(&err) {
                    Some(link) => notes.push(format!(
                        "{}: a link to nothing; skipped",
                        display_path(link)
                    )),
                    None => errors.push(walk_error(&err)),
                },
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files.dedup_by(|a, b| a.path == b.path);
    Walk {
        files,
        errors,
        notes,
    }
}

/// The path an error of the walk is about.
fn error_path(err: &ignore::Error) -> Option<&Path> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        _ => None,
    }
}

/// `path: what went wrong`, without the walker's wording around it.
fn walk_error(err: &ignore::Error) -> String {
    // The walker wraps the system's error in its own words: ask the system again.
    match error_path(err).and_then(|p| Some((p, std::fs::metadata(p).err()?))) {
        Some((p, io)) => format!("{}: {io}", display_path(p)),
        None => err.to_string(),
    }
}

/// A symbolic link met in a directory whose target does not exist.
fn dangling_link(err: &ignore::Error) -> Option<&Path> {
    error_path(err).filter(|p| p.is_symlink() && !p.exists())
}

fn is_loop(err: &ignore::Error) -> bool {
    match err {
        ignore::Error::Loop { .. } => true,
        ignore::Error::WithPath { err, .. } | ignore::Error::WithDepth { err, .. } => is_loop(err),
        _ => false,
    }
}

/// Why a file was not read as source text.
pub enum NotRead {
    /// It could not be read: an error, which fails the run.
    Error(String),
    /// It is not source text (binary, too large): skipped with a note.
    Skipped(String),
}

/// Reads a source file as text, or says why it is not analysed.
pub fn read(path: &Path) -> Result<SourceText, NotRead> {
    let shown = display_path(path);
    let bytes = std::fs::read(path).map_err(|e| NotRead::Error(format!("{shown}: {e}")))?;
    if bytes.len() > MAX_SOURCE_BYTES {
        return Err(NotRead::Skipped(format!(
            "{shown}: {} bytes is larger than the {MAX_SOURCE_BYTES} bytes analysed; skipped",
            bytes.len(),
        )));
    }
    match SourceText::decode(&bytes) {
        Decoded::Text(text) => Ok(text),
        Decoded::Binary { .. } => Err(NotRead::Skipped(format!("{shown}: binary file; skipped"))),
    }
}

/// What the user is told about a file read with invalid UTF-8, if it was.
pub fn lossy_note(path: &Path, text: &SourceText) -> Option<String> {
    let n = text.invalid_byte_count();
    (n > 0).then(|| {
        format!(
            "{}: not valid UTF-8; analysed with {n} byte{} replaced by U+FFFD",
            display_path(path),
            if n == 1 { "" } else { "s" }
        )
    })
}

/// True when the text mentions an MPI name at all (`MPI_`, `mpi_`, `Mpi_`): files that do not
/// are skipped before parsing.
pub fn mentions_mpi(bytes: &[u8]) -> bool {
    [b"MPI_".as_slice(), b"mpi_", b"Mpi_"]
        .iter()
        .any(|needle| memchr::memmem::find(bytes, needle).is_some())
}

/// A path as shown: relative to the working directory when it is below it.
pub fn display_path(path: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let shown = cwd
        .as_deref()
        .and_then(|c| path.strip_prefix(c).ok())
        .unwrap_or(path);
    let shown = shown.strip_prefix(".").unwrap_or(shown);
    shown.display().to_string().replace('\\', "/")
}

/// A path made absolute against the working directory (not resolving links), as far as it can
/// be.
pub fn absolute(path: &Path) -> PathBuf {
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The nearest file called `name` in `dir` or a directory above it.
pub fn find_upwards(dir: &Path, name: &str) -> Option<PathBuf> {
    absolute(dir)
        .ancestors()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
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
