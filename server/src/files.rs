//! Finding, reading and (`--fix`) writing the files to analyse: the only place the tool
//! touches the file system for sources (the analyzer itself does no I/O).

use std::collections::HashSet;
use std::fs::{File, Metadata};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use analyzer::source::{Decoded, Encoding, Language, SourceText, MAX_SOURCE_BYTES};
use analyzer::syntax::{IncludeResolver, ModuleSource};

use crate::modules::ModuleIndex;

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
/// whose configuration is bad is kept by the built-in extensions and the error told once. A
/// file named explicitly that cannot be linted (no language, not a regular file) is an error.
/// file reached by several paths (`a.c ./a.c`, a directory and a file in it, links) is kept
/// once, under the first path given (in a directory, the first in path order).
pub fn collect(
    paths: &[PathBuf],
    respect_ignore: bool,
    language: &dyn Fn(&Path) -> Result<Option<Language>, String>,
) -> Walk {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let mut seen = HashSet::new();
    let language_or_builtin = |path: &Path, errors: &mut Vec<String>| {
        language(path).unwrap_or_else(|error| {
            if !errors.contains(&error) {
                errors.push(error);
            }
            Language::from_path(path)
        })
    };
    for root in paths {
        let metadata = match std::fs::metadata(root) {
            Ok(metadata) => metadata,
            Err(_) if !root.exists() => {
                errors.push(format!("{}: no such file or directory", display_path(root)));
                continue;
            }
            Err(e) => {
                errors.push(format!("{}: {e}", display_path(root)));
                continue;
            }
        };
        let mut found = Vec::new();
        if !metadata.is_dir() {
            let shown = display_path(root);
            if !metadata.is_file() {
                let kind = file_kind(&metadata.file_type());
                errors.push(format!("{shown}: {kind}, not a regular file; not linted"));
            } else if let Some(language) = language_or_builtin(root, &mut errors) {
                found.push(SourceFile {
                    path: root.clone(),
                    language,
                });
            } else {
                errors.push(format!(
                    "{shown}: not a C or Fortran file by its extension (see `[extensions]` \
                     in the configuration); not linted"
                ));
            }
        } else {
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
                        let language = language_or_builtin(e.path(), &mut errors);
                        found.extend(language.map(|language| SourceFile {
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
            found.sort_by(|a, b| a.path.cmp(&b.path));
        }
        files.extend(found.into_iter().filter(|f| seen.insert(identity(&f.path))));
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Walk {
        files,
        errors,
        notes,
    }
}

/// What makes two paths the same file: its device and inode (through links, hard links
/// included), or the path itself when it cannot be read (the read will say why).
#[cfg(unix)]
fn identity(path: &Path) -> Result<(u64, u64), PathBuf> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path)
        .map(|m| (m.dev(), m.ino()))
        .map_err(|_| path.to_path_buf())
}

/// What makes two paths the same file: its canonical path.
#[cfg(not(unix))]
fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
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
    /// It is not source text (binary, too large, not a regular file): skipped with a note.
    Skipped(String),
}

/// Why [`read_bounded`] read nothing.
pub enum Unread {
    /// Not a regular file (a FIFO, a device, a directory): opening or reading it could wait
    /// for ever or never end.
    NotRegular(&'static str),
    /// A file the kernel calls regular whose reading waits for more (`/proc/kmsg`).
    Waits,
    /// Larger than allowed by its size, before a byte is read.
    TooLarge {
        bytes: u64,
        limit: usize,
    },
    /// Grown past the limit while being read.
    Grew {
        limit: usize,
    },
    Io(std::io::Error),
}

impl Unread {
    /// `path: what went wrong`, for the user.
    pub fn message(&self, path: &Path) -> String {
        let shown = display_path(path);
        match self {
            Unread::NotRegular(kind) => format!("{shown}: {kind}, not a regular file"),
            Unread::Waits => format!("{shown}: reading it waits for more, as a device's does"),
            Unread::TooLarge { bytes, limit } => {
                format!("{shown}: {bytes} bytes is larger than the {limit} bytes read")
            }
            Unread::Grew { limit } => {
                format!("{shown}: grew past the {limit} bytes read while being read")
            }
            Unread::Io(e) => format!("{shown}: {e}"),
        }
    }
}

/// The contents of a regular file (links followed) of at most `limit` bytes. The size is
/// checked before a byte is read, and no more than `limit + 1` bytes are read whatever the
/// file does meanwhile; anything but a regular file is refused before it is opened (opening a
/// FIFO waits for a writer).
pub fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, Unread> {
    use std::io::Read;
    let regular = |metadata: std::fs::Metadata| {
        if !metadata.is_file() {
            return Err(Unread::NotRegular(file_kind(&metadata.file_type())));
        }
        match metadata.len() {
            bytes if bytes > limit as u64 => Err(Unread::TooLarge { bytes, limit }),
            bytes => Ok(bytes),
        }
    };
    regular(std::fs::metadata(path).map_err(Unread::Io)?)?;
    let file = open_without_blocking(path).map_err(Unread::Io)?;
    // The path may have been replaced between the check and the open: check what was opened.
    let size = regular(file.metadata().map_err(Unread::Io)?)?;
    let mut bytes = Vec::with_capacity(size as usize);
    match file.take(limit as u64 + 1).read_to_end(&mut bytes) {
        Ok(_) if bytes.len() > limit => Err(Unread::Grew { limit }),
        Ok(_) => Ok(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => Err(Unread::Waits),
        Err(e) => Err(Unread::Io(e)),
    }
}

/// Opens for reading without waiting: some files the kernel calls regular (`/proc/kmsg`) block
/// a plain read until something happens; opened this way they answer "would block" instead.
#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// What a file that is not a regular one is, in words.
fn file_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// A UTF-8 text file of at most `limit` bytes (configuration, compilation database).
pub fn read_text(path: &Path, limit: usize) -> Result<String, String> {
    let bytes = read_bounded(path, limit).map_err(|e| e.message(path))?;
    String::from_utf8(bytes).map_err(|_| format!("{}: not valid UTF-8", display_path(path)))
}

/// Reads a source file as text, or says why it is not analysed.
pub fn read(path: &Path) -> Result<SourceText, NotRead> {
    let bytes = read_bounded(path, MAX_SOURCE_BYTES).map_err(|e| match e {
        Unread::Io(_) => NotRead::Error(e.message(path)),
        _ => NotRead::Skipped(format!("{}; skipped", e.message(path))),
    })?;
    match SourceText::decode(&bytes) {
        Decoded::Text(text) => Ok(text),
        Decoded::Binary { .. } => Err(NotRead::Skipped(format!(
            "{}: binary file; skipped",
            display_path(path)
        ))),
    }
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Writes the fixed text of the file at `path`, read as `read` (after its byte order mark,
/// which stays): through links to the file itself, which stays the same file with its links,
/// owner and permissions. A read-only file, or one changed since it was read, is not written.
pub fn write_fixed(path: &Path, read: &str, fixed: &str) -> Result<(), String> {
    let shown = display_path(path);
    let failed = |e: std::io::Error| format!("{shown}: {e}; not fixed");
    // A symbolic link stays a link: the file it leads to is fixed.
    let target = std::fs::canonicalize(path).map_err(failed)?;
    let metadata = std::fs::metadata(&target).map_err(failed)?;
    if metadata.permissions().readonly() {
        return Err(format!("{shown}: read-only; not fixed"));
    }
    let now = std::fs::read(&target).map_err(failed)?;
    let bom = now.starts_with(BOM);
    if now.strip_prefix(BOM).unwrap_or(&now) != read.as_bytes() {
        return Err(format!("{shown}: changed while being fixed; not written"));
    }
    let mut bytes = Vec::with_capacity(fixed.len() + BOM.len());
    if bom {
        bytes.extend_from_slice(BOM);
    }
    bytes.extend_from_slice(fixed.as_bytes());
    replace_contents(&target, &bytes, &metadata).map_err(failed)
}

/// Replaces the contents of the file at `target` (no link). A rename over it is atomic but
/// makes a new file: other hard links to the old one would keep the old text, and the new one
/// would belong to whoever runs the fix. So the text goes to a temporary file given the old
/// one's owner and permissions and renamed over it, unless the file has other links, its owner
/// cannot be given (another user's file) or its directory takes no new file: then it is
/// written over in place, keeping the file itself (not atomic: a crash in the middle of the
/// write leaves it cut).
fn replace_contents(target: &Path, bytes: &[u8], metadata: &Metadata) -> std::io::Result<()> {
    let dir = target.parent().unwrap_or(Path::new("."));
    let temporary = match tempfile::NamedTempFile::new_in(dir) {
        Ok(temporary) if takes_identity(temporary.as_file(), metadata) => temporary,
        Ok(_) => return write_in_place(target, bytes),
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            return write_in_place(target, bytes)
        }
        Err(e) => return Err(e),
    };
    temporary.as_file().write_all(bytes)?;
    temporary
        .as_file()
        .set_permissions(metadata.permissions())?;
    temporary.as_file().sync_all()?;
    temporary.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// True when the file `temporary` can stand for the file `metadata` describes: the file has
/// no other hard link, and `temporary` has (or could be given) its owner and group.
#[cfg(unix)]
fn takes_identity(temporary: &File, metadata: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    let same_owner = |m: &Metadata| m.uid() == metadata.uid() && m.gid() == metadata.gid();
    metadata.nlink() == 1
        && (temporary.metadata().is_ok_and(|m| same_owner(&m))
            || std::os::unix::fs::fchown(temporary, Some(metadata.uid()), Some(metadata.gid()))
                .is_ok())
}

/// Without Unix links and owners, the temporary file always can.
#[cfg(not(unix))]
fn takes_identity(_temporary: &File, _metadata: &Metadata) -> bool {
    true
}

fn write_in_place(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).open(target)?;
    file.write_all(bytes)?;
    file.set_len(bytes.len() as u64)?;
    file.sync_all()
}

/// What the user is told about a file read with invalid bytes, if it was.
pub fn lossy_note(path: &Path, text: &SourceText) -> Option<String> {
    let n = text.invalid_byte_count();
    (n > 0).then(|| {
        format!(
            "{}: not valid {}; analysed with {n} byte{} replaced by U+FFFD",
            display_path(path),
            text.encoding().name(),
            if n == 1 { "" } else { "s" }
        )
    })
}

/// Why `--fix` must not write a file back, if it must not: its text is not its bytes.
pub fn not_rewritable(text: &SourceText) -> Option<String> {
    let encoding = text.encoding().name();
    if text.invalid_byte_count() > 0 {
        Some(format!("not valid {encoding}"))
    } else if text.encoding() != Encoding::Utf8 {
        Some(format!("{encoding}, and only UTF-8 files are fixed"))
    } else {
        None
    }
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
/// paths; and a Fortran module by the index of the tree's modules (that file's includes are
/// resolved next to it, then on the same include paths).
pub struct Includes {
    directories: Vec<PathBuf>,
    modules: Option<Arc<ModuleIndex>>,
}

impl Includes {
    pub fn new(file: &Path, include_paths: &[PathBuf]) -> Includes {
        let mut directories = vec![file.parent().map(Path::to_path_buf).unwrap_or_default()];
        directories.extend(include_paths.iter().cloned());
        Includes {
            directories,
            modules: None,
        }
    }

    /// The same, finding modules in `modules`.
    pub fn with_modules(mut self, modules: Option<Arc<ModuleIndex>>) -> Includes {
        self.modules = modules;
        self
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

    fn module(&mut self, name: &str) -> Option<ModuleSource> {
        let found = self.modules.as_ref()?.module_file(name)?;
        let includes =
            Includes::new(&found.path, &self.directories[1..]).with_modules(self.modules.clone());
        Some(ModuleSource {
            text: found.text,
            language: found.language,
            includes: Box::new(includes),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::write_fixed;

    #[test]
    fn a_file_changed_since_it_was_read_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.c");
        std::fs::write(&path, "int x;\n").unwrap();
        // Read as "int x;\n", then changed on disk by someone else before the fix is written.
        std::fs::write(&path, "int y;\n").unwrap();
        let refused = write_fixed(&path, "int x;\n", "int z;\n").unwrap_err();
        assert!(refused.contains("changed while being fixed"), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "int y;\n");
        // Unchanged since it was read: written.
        write_fixed(&path, "int y;\n", "int z;\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "int z;\n");
    }
}
