//! `compile_commands.json`: the `-I` and `-D` flags each file is compiled with, and gfortran's
//! `-fdefault-*` kind flags, from the nearest database above the file or the one given with
//! `--compile-commands`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analyzer::analysis::AnalysisOptions;
use analyzer::dtype::MpiModel;
use analyzer::layout::{FortranKinds, Target};
use serde::Deserialize;

use crate::config::{parse_define, Config};
use crate::files::absolute;

pub const FILE_NAME: &str = "compile_commands.json";

/// The largest database read: far above a large project's, and a bound on the memory it takes.
const MAX_DATABASE_BYTES: usize = 512 << 20;

/// What one file's compile command says about the preprocessor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileFlags {
    pub include_paths: Vec<PathBuf>,
    pub defines: Vec<(String, Option<String>)>,
    /// Kinds set by `-fdefault-integer-8`, `-fdefault-real-8` (`-10`, `-16`), `-fdefault-double-8`.
    pub fortran_kinds: FortranKinds,
}

impl FileFlags {
    /// How a file is analysed: its configuration's options and include paths (after the
    /// command line's or client's `target` and `model`), with this compile command's defines
    /// and include paths added. Its `-fdefault-*` kinds win: the compile command is how the
    /// file is really built.
    pub fn analysis_options(
        &self,
        config: &Config,
        target: Option<Target>,
        model: Option<MpiModel>,
    ) -> (AnalysisOptions, Vec<PathBuf>) {
        let mut options = config.analysis_options(target, model);
        options.c.defines.extend(self.defines.iter().cloned());
        options.fortran_kinds = self.fortran_kinds.or(options.fortran_kinds);
        let include_paths = config
            .include_paths
            .iter()
            .chain(&self.include_paths)
            .cloned()
            .collect();
        (options, include_paths)
    }
}

/// A loaded database: flags by absolute, normalised file path.
#[derive(Debug, Default)]
pub struct CompileDb {
    files: HashMap<PathBuf, FileFlags>,
}

#[derive(Deserialize)]
struct Entry {
    directory: PathBuf,
    file: PathBuf,
    #[serde(default)]
    arguments: Option<Vec<String>>,
    #[serde(default)]
    command: Option<String>,
}

impl CompileDb {
    /// Reads a database; errors name the path (and the line for malformed JSON).
    pub fn load(path: &Path) -> Result<CompileDb, String> {
        let shown = crate::files::display_path(path);
        let text = crate::files::read_text(path, MAX_DATABASE_BYTES)?;
        let entries: Vec<Entry> =
            serde_json::from_str(&text).map_err(|e| format!("{shown}:{}: {e}", e.line()))?;
        let mut files = HashMap::new();
        for entry in entries {
            let directory = absolute(
                &path
                    .parent()
                    .unwrap_or(Path::new("."))
                    .join(&entry.directory),
            );
            let arguments = match (entry.arguments, entry.command) {
                (Some(arguments), _) => arguments,
                (None, Some(command)) => split_command(&command),
                (None, None) => {
                    return Err(format!(
                        "{shown}: `{}`: neither `arguments` nor `command`",
                        entry.file.display()
                    ))
                }
            };
            files.insert(
                normalise(&directory.join(&entry.file)),
                flags(&directory, &arguments),
            );
        }
        Ok(CompileDb { files })
    }

    /// The nearest database at or above `dir`.
    pub fn find(dir: &Path) -> Option<PathBuf> {
        crate::files::find_upwards(dir, FILE_NAME)
    }

    /// The flags `file` is compiled with, when the database lists it.
    pub fn flags(&self, file: &Path) -> Option<&FileFlags> {
        self.files.get(&normalise(&absolute(file)))
    }
}

/// Drops `.` and folds `..` without touching the file system (the files listed need not exist
/// where the database was written).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `-I DIR`, `-IDIR`, `-iquote DIR`, `-isystem DIR`, `-D NAME[=VALUE]`, `-DNAME[=VALUE]`, and
/// gfortran's default kind flags.
fn flags(directory: &Path, arguments: &[String]) -> FileFlags {
    let mut flags = FileFlags::default();
    let mut args = arguments.iter();
    while let Some(arg) = args.next() {
        let kinds = &mut flags.fortran_kinds;
        match arg.as_str() {
            "-fdefault-integer-8" => kinds.integer = Some(8),
            "-fdefault-real-8" => kinds.real = Some(8),
            "-fdefault-real-10" => kinds.real = Some(10),
            "-fdefault-real-16" => kinds.real = Some(16),
            "-fdefault-double-8" => kinds.double = Some(8),
            _ => {}
        }
        let (option, attached) = ["-I", "-D", "-iquote", "-isystem"]
            .iter()
            .find_map(|o| arg.strip_prefix(o).map(|rest| (*o, rest)))
            .unwrap_or(("", ""));
        let value = match (option, attached) {
            ("", _) => continue,
            (_, "") => match args.next() {
                Some(next) => next.as_str(),
                None => break,
            },
            (_, rest) => rest,
        };
        if option == "-D" {
            flags.defines.push(parse_define(value));
        } else {
            flags.include_paths.push(normalise(&directory.join(value)));
        }
    }
    flags
}

/// Splits a `command` string as a POSIX shell would for plain words, quotes and backslashes.
fn split_command(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (Some(q), c) if c == q => quote = None,
            (None | Some('"'), '\\') => {
                let w = word.get_or_insert_with(String::new);
                w.extend(chars.next());
            }
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command(r#"cc -DNAME="a b" -I 'inc dir' x\ y.c"#),
            ["cc", "-DNAME=a b", "-I", "inc dir", "x y.c"]
        );
    }

    fn words(command: &str) -> Vec<String> {
        command.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn gfortran_default_kind_flags() {
        let args = words("gfortran -fdefault-integer-8 -fdefault-real-8 -c a.f90");
        let kinds = flags(Path::new("/build"), &args).fortran_kinds;
        assert_eq!(
            kinds,
            FortranKinds {
                integer: Some(8),
                real: Some(8),
                double: None
            }
        );
        let args = words("gfortran -fdefault-double-8");
        assert_eq!(
            flags(Path::new("/build"), &args).fortran_kinds.double,
            Some(8)
        );
    }

    #[test]
    fn include_and_define_flags_in_both_spellings() {
        let args: Vec<String> = "cc -Iinc -I ../other -DN=4 -D FAST -isystem /usr/x -o a.o -c a.c"
            .split(' ')
            .map(str::to_owned)
            .collect();
        let f = flags(Path::new("/build/src"), &args);
        assert_eq!(
            f.include_paths,
            [
                PathBuf::from("/build/src/inc"),
                PathBuf::from("/build/other"),
                PathBuf::from("/usr/x")
            ]
        );
        assert_eq!(
            f.defines,
            [
                ("N".to_owned(), Some("4".to_owned())),
                ("FAST".to_owned(), None)
            ]
        );
    }
}
