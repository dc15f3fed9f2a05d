//! The command line: every subcommand, flag and exit status (0 no findings at error/warning
//! level, 1 findings, 2 usage, configuration or I/O error), the output formats (snapshots, SARIF
//! against the official 2.1.0 schema), `--fix` round trips, configuration files and
//! `compile_commands.json`, and trees with symbolic link loops, binary and unreadable files.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;
use serde_json::{json, Value};
use tempfile::TempDir;

/// The workspace root: commands run there so that paths print as `testdata/...`.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The binary, in `dir`, with no colour or CI settings inherited.
fn cmd_in(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("mpi-dtype-lint").expect("binary built");
    cmd.current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("CI")
        .timeout(Duration::from_secs(120));
    cmd
}

/// Runs in the workspace root.
fn run(args: &[&str]) -> Output {
    cmd_in(&root()).args(args).output().expect("ran")
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    cmd_in(dir).args(args).output().expect("ran")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

#[track_caller]
fn assert_exit(o: &Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(o),
        stderr(o)
    );
}

const DEPRECATED: &str = "testdata/rules/deprecated-api/mpi1_hvector_transpose.c";
const CLEAN: &str = "testdata/clean/bcast_config_struct.c";

/// The small fixed set the output snapshots are taken on.
const SAMPLE: &[&str] = &[
    DEPRECATED,
    "testdata/rules/missing-commit/commit_after_send.c",
    "testdata/rules/missing-commit/vector_no_commit.f90",
    CLEAN,
];

fn sample(extra: &[&str]) -> Output {
    let mut args: Vec<&str> = SAMPLE.to_vec();
    args.extend_from_slice(extra);
    run(&args)
}

fn text(path: &str) -> String {
    fs::read_to_string(root().join(path)).expect("fixture")
}

/// `text` in UTF-16 with its byte order mark, little or big endian.
fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut bytes = if big_endian {
        vec![0xFE, 0xFF]
    } else {
        vec![0xFF, 0xFE]
    };
    for unit in text.encode_utf16() {
        bytes.extend(if big_endian {
            unit.to_be_bytes()
        } else {
            unit.to_le_bytes()
        });
    }
    bytes
}

/// A temporary tree of `(relative path, contents)`.
fn tree(files: &[(&str, &[u8])]) -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (path, contents) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
    dir
}

/// Parses `--format json` output.
fn json_of(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).expect("JSON output")
}

/// (file, rule) of every diagnostic in `--format json` output.
fn diagnostics(o: &Output) -> Vec<(String, String)> {
    json_of(o)["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["file"].as_str().unwrap().to_owned(),
                d["rule"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

mod commands {
    use super::*;

    #[test]
    fn version_and_help() {
        let o = run(&["--version"]);
        assert_exit(&o, 0);
        assert_eq!(
            stdout(&o),
            format!("mpi-dtype-lint {}\n", env!("CARGO_PKG_VERSION"))
        );
        let o = run(&["--help"]);
        assert_exit(&o, 0);
        let help = stdout(&o);
        for word in [
            "types",
            "rules",
            "explain",
            "lsp",
            "--format",
            "--select",
            "--ignore",
            "--config",
            "--compile-commands",
            "--fix",
            "--unsafe-fixes",
            "--diff",
            "--statistics",
            "--quiet",
            "--no-ignore",
            "--target",
            "--mpi",
        ] {
            assert!(help.contains(word), "--help lacks {word}:\n{help}");
        }
        let o = run(&["types", "--help"]);
        assert_exit(&o, 0);
        assert!(stdout(&o).contains("--format"));
    }

    #[test]
    fn usage_errors_exit_2() {
        for args in [
            &["--format", "xml", CLEAN][..],
            &["--no-such-flag"],
            &["explain"],
            &["--target", "sparc-sun-solaris", CLEAN],
            &["--mpi", "lam", CLEAN],
            &["types", "--format", "sarif", CLEAN],
        ] {
            let o = run(args);
            assert_exit(&o, 2);
            assert!(o.stdout.is_empty(), "{args:?}");
        }
    }

    #[test]
    fn exit_status_follows_the_findings() {
        let o = run(&["testdata/clean"]);
        assert_exit(&o, 0);
        assert!(stdout(&o).starts_with("No findings in "));
        // No progress bar on stderr in a pipe: only notes, a line each (a recursive helper
        // of the seed example 4.20 is not followed).
        let err = stderr(&o);
        assert!(
            err.lines()
                .all(|l| l.starts_with("mpi-dtype-lint: note: testdata/clean/")),
            "{err}"
        );
        assert!(!err.contains(['\r', '\x1b']), "{err}");
        assert_exit(&run(&[DEPRECATED]), 1);
        // Only info-level findings do not fail the run.
        let dir = tree(&[
            (
                ".mpi-dtype-lint.toml",
                b"[severity]\ndeprecated-api = \"info\"\n",
            ),
            ("a.c", text(DEPRECATED).as_bytes()),
        ]);
        let o = run_in(dir.path(), &["--format", "gcc"]);
        assert_exit(&o, 0);
        assert!(stdout(&o).contains("a.c:25:5: info: "), "{}", stdout(&o));
    }

    #[test]
    fn select_and_ignore() {
        let o = sample(&["--format", "json", "--select", "missing-commit"]);
        assert_exit(&o, 1);
        let found = diagnostics(&o);
        assert!(!found.is_empty());
        assert!(found.iter().all(|(_, rule)| rule == "missing-commit"));

        let o = run(&[DEPRECATED, "--ignore", "deprecated-api"]);
        assert_exit(&o, 0);
        let o = run(&[DEPRECATED, "--select", "all", "--ignore", "missing-commit"]);
        assert_exit(&o, 1);
        let o = run(&[DEPRECATED, "--select", "missing-commit,type-leak"]);
        assert_exit(&o, 0);

        for flag in ["--select", "--ignore"] {
            let o = run(&[DEPRECATED, flag, "missing-commit,no-such-rule"]);
            assert_exit(&o, 2);
            assert!(
                stderr(&o).contains("no rule `no-such-rule`"),
                "{}",
                stderr(&o)
            );
            assert!(o.stdout.is_empty());
        }
    }

    #[test]
    fn quiet_prints_nothing_but_errors() {
        let o = run(&["-q", DEPRECATED]);
        assert_exit(&o, 1);
        assert!(o.stdout.is_empty() && o.stderr.is_empty());
        let o = run(&["--quiet", DEPRECATED, "does/not/exist.c"]);
        assert_exit(&o, 2);
        assert!(o.stdout.is_empty());
        assert!(stderr(&o).contains("does/not/exist.c: no such file or directory"));
    }

    #[test]
    fn rules_lists_every_rule() {
        let o = run(&["rules"]);
        assert_exit(&o, 0);
        let listed = stdout(&o);
        assert_eq!(listed.lines().count(), analyzer::checks::RULES.len());
        for (line, rule) in listed.lines().zip(analyzer::checks::RULES) {
            assert!(line.starts_with(rule.id), "{line}");
            assert!(line.contains(rule.severity.name()) && line.ends_with(rule.summary));
        }
    }

    #[test]
    fn explain_prints_a_rules_docs() {
        let o = run(&["explain", "missing-commit"]);
        assert_exit(&o, 0);
        let rule = analyzer::checks::rule("missing-commit").unwrap();
        let shown = stdout(&o);
        assert!(shown.starts_with("# missing-commit\n\n"));
        assert!(shown.contains(rule.summary) && shown.contains(rule.docs.trim_end()));

        let o = run(&["explain", "no-such-rule"]);
        assert_exit(&o, 2);
        assert!(o.stdout.is_empty());
        assert!(stderr(&o).contains("no rule `no-such-rule`"));
    }

    #[test]
    fn lsp_answers_initialize_and_exits() {
        assert!(lsp_session(&["lsp"], true, &[]).success());
    }

    /// vscode-languageclient appends `--stdio` to the command of a stdio transport.
    #[test]
    fn lsp_accepts_the_stdio_flag_editors_pass() {
        assert!(lsp_session(&["lsp", "--stdio"], true, &[]).success());
    }

    /// LSP: `exit` without a `shutdown` before it ends the server with status 1.
    #[test]
    fn lsp_exit_without_shutdown_is_status_1() {
        assert_eq!(lsp_session(&["lsp"], false, &[]).code(), Some(1));
    }

    /// LSP as a process: documents that once overflowed the analysis' stack (an array sized by
    /// itself, a declaration cut while typing) are analysed and hovered, and the server lives
    /// on to shut down normally.
    #[test]
    fn lsp_process_survives_inputs_that_once_overflowed_the_stack() {
        let documents = [
            "#include <mpi.h>\ndouble u[4];\nvoid f(void)\n{\n    double u[sizeof(u) / sizeof(double)];\n    int a[sizeof(a)];\n    MPI_Send(u, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);\n}\n",
            "#include <mpi.h>\nvoid f(void)\n{\n    int blens[2], disps[",
        ];
        assert!(lsp_session(&["lsp"], true, &documents).success());
    }

    /// Initializes, opens each of `documents` and asks for a hover in it (waiting for the
    /// answer), shuts down if told to, and sends `exit` and a request after it with stdin left
    /// open, as editors do: the server must end on `exit` alone. Its exit status.
    fn lsp_session(args: &[&str], shutdown: bool, documents: &[&str]) -> std::process::ExitStatus {
        use std::io::{BufRead, BufReader, Read, Write};
        use std::process::Stdio;

        let mut server = std::process::Command::new(assert_cmd::cargo::cargo_bin("mpi-dtype-lint"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = server.stdin.take().unwrap();
        let mut output = BufReader::new(server.stdout.take().unwrap());
        let mut send = |v: Value| {
            let body = v.to_string();
            write!(input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
            input.flush().unwrap();
        };
        let mut receive = || -> Value {
            let mut length = 0;
            loop {
                let mut line = String::new();
                let read = output.read_line(&mut line).unwrap();
                assert!(read > 0, "the server closed its output");
                if let Some(n) = line.strip_prefix("Content-Length: ") {
                    length = n.trim().parse().unwrap();
                } else if line == "\r\n" {
                    break;
                }
            }
            let mut body = vec![0; length];
            output.read_exact(&mut body).unwrap();
            serde_json::from_slice(&body).unwrap()
        };
        send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": null, "rootUri": null, "capabilities": {}}}));
        let initialized = receive();
        assert!(
            initialized["result"]["capabilities"].is_object(),
            "{initialized}"
        );
        send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
        for (i, text) in documents.iter().enumerate() {
            let uri = format!("file:///process/doc{i}.c");
            send(
                json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "c", "version": 1, "text": text}}}),
            );
            let id = 100 + i;
            send(
                json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": {
                "textDocument": {"uri": uri}, "position": {"line": 4, "character": 12}}}),
            );
            let mut reply = receive();
            while reply["id"] != id {
                reply = receive();
            }
            assert!(reply.get("error").is_none(), "{reply}");
        }
        if shutdown {
            // As Eglot sends it.
            send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": null}));
            let mut reply = receive();
            while reply["id"] != 2 {
                reply = receive();
            }
            assert!(reply.get("error").is_none(), "{reply}");
            assert_eq!(reply["result"], Value::Null, "{reply}");
        }
        // More messages after `exit`, in the same write (a client that does not wait): they
        // must not keep the server alive. One `write_all` of a formatted buffer: `write!` on the
        // unbuffered pipe wrote piece by piece, and a server that had read `exit` and ended
        // made the next piece fail (EPIPE), on a loaded machine.
        let exit = json!({"jsonrpc": "2.0", "method": "exit"}).to_string();
        let late = json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": "file:///process/doc0.c"}, "position": {"line": 0, "character": 0}}})
        .to_string();
        let last = format!(
            "Content-Length: {}\r\n\r\n{exit}Content-Length: {}\r\n\r\n{late}",
            exit.len(),
            late.len()
        );
        input.write_all(last.as_bytes()).unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = server.try_wait().unwrap() {
                break status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "lsp did not exit with its input open"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        drop(input);
        status
    }
}

mod types {
    use super::*;

    const PROGRAM: &str = "#include <mpi.h>
int main(int argc, char **argv)
{
    MPI_Datatype pair, unknown;
    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(2, MPI_LONG, &pair);
    MPI_Type_contiguous(N, MPI_DOUBLE, &unknown);
    MPI_Type_commit(&pair);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
";

    #[test]
    fn json_has_the_designed_shape() {
        let dir = tree(&[("t.c", PROGRAM.as_bytes())]);
        let o = run_in(dir.path(), &["types", "--format", "json"]);
        assert_exit(&o, 0);
        // Exactly the fields and the order ARCHITECTURE.md gives.
        let keys: Vec<String> = stdout(&o)
            .lines()
            .filter_map(|l| l.trim().strip_prefix('"')?.split_once('"'))
            .map(|(key, _)| key.to_owned())
            .take(15)
            .collect();
        assert_eq!(
            keys,
            [
                "types",
                "file",
                "line",
                "column",
                "via",
                "name",
                "constructor",
                "size",
                "lb",
                "ub",
                "extent",
                "true_lb",
                "true_extent",
                "committed",
                "signature"
            ]
        );
        let types = json_of(&o);
        assert_eq!(
            types,
            json!({"types": [
                {"file": "t.c", "line": 6, "column": 5, "via": [], "name": "pair",
                 "constructor": "MPI_Type_contiguous", "size": 16, "lb": 0, "ub": 16,
                 "extent": 16, "true_lb": 0, "true_extent": 16, "committed": true,
                 "signature": "2 x MPI_LONG"},
                {"file": "t.c", "line": 7, "column": 5, "via": [], "name": "unknown",
                 "constructor": "MPI_Type_contiguous", "size": null, "lb": null, "ub": null,
                 "extent": null, "true_lb": null, "true_extent": null, "committed": false,
                 "signature": null},
            ]})
        );
    }

    /// A helper called with other arguments from two places: one entry per call, each with
    /// its values and the call it came through.
    #[test]
    fn helper_called_twice_has_an_entry_per_call() {
        let helper = "#include <mpi.h>
static void make_row(int n, MPI_Datatype *t)
{
    MPI_Type_contiguous(n, MPI_INT, t);
}
int main(void)
{
    MPI_Datatype a, b;
    make_row(2, &a);
    make_row(3, &b);
    return 0;
}
";
        let dir = tree(&[("h.c", helper.as_bytes())]);
        let o = run_in(dir.path(), &["types", "--format", "json"]);
        let entries: Vec<(Value, Value, Value)> = json_of(&o)["types"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["line"].clone(), t["via"].clone(), t["size"].clone()))
            .collect();
        assert_eq!(
            entries,
            [
                (json!(4), json!([{"line": 9, "column": 5}]), json!(8)),
                (json!(4), json!([{"line": 10, "column": 5}]), json!(12)),
            ]
        );
        let o = run_in(dir.path(), &["types"]);
        assert!(stdout(&o).contains("h.c:4:5 via 9:5 "), "{}", stdout(&o));
    }

    #[test]
    fn target_changes_the_values() {
        let dir = tree(&[("t.c", PROGRAM.as_bytes())]);
        for (target, size) in [
            ("x86_64-linux-gnu", 16),
            ("i686-linux-gnu", 8),
            ("x86_64-windows-msvc", 8),
        ] {
            let o = run_in(
                dir.path(),
                &["types", "--format", "json", "--target", target],
            );
            assert_exit(&o, 0);
            assert_eq!(json_of(&o)["types"][0]["size"], size, "{target}");
        }
        let o = run_in(dir.path(), &["types", "--mpi", "mpich", "t.c"]);
        assert_exit(&o, 0);
    }

    #[test]
    fn human_table() {
        let o = run(&["types", "testdata/c/halo_subarray_2d.c"]);
        assert_exit(&o, 0);
        let table = stdout(&o);
        let mut lines = table.lines();
        let header = lines.next().unwrap();
        assert!(header.starts_with("location ") && header.ends_with("  signature"));
        assert!(table.contains("testdata/c/halo_subarray_2d.c:"));
        assert!(table.trim_end().ends_with(" datatypes") || table.ends_with("1 datatype\n"));
        insta::assert_snapshot!(table);
    }

    #[test]
    fn unreadable_path_exits_2_and_the_rest_is_listed() {
        let o = run(&["types", "testdata/c/halo_subarray_2d.c", "no/such/file.c"]);
        assert_exit(&o, 2);
        assert!(stdout(&o).contains("halo_subarray_2d.c"));
        assert!(stderr(&o).contains("no/such/file.c: no such file or directory"));
    }
}

mod trees {
    use super::*;
    use std::os::unix::fs::symlink;

    const KINDS_F90: &str = "module kinds
#ifdef DOUBLE
  integer, parameter :: wp = selected_real_kind(15)
#else
  integer, parameter :: wp = selected_real_kind(6)
#endif
end module kinds
";
    const GRID_F90: &str = "module grid
  use kinds, only: wp
  include 'dims.inc'
  real(wp) :: field(nx, ny)
end module grid
";
    const USES_GRID: &str = "subroutine halo(comm)
  use mpi
  use grid
  implicit none
  integer :: comm, column, ierr
  call MPI_Type_vector(ny, 1, nx, MPI_DOUBLE_PRECISION, column, ierr)
  call MPI_Type_commit(column, ierr)
  call MPI_Send(field, 1, column, 0, 0, comm, ierr)
  call MPI_Type_free(column, ierr)
  call MPI_Send(field, nx * ny + 1, MPI_DOUBLE_PRECISION, 0, 0, comm, ierr)
end subroutine halo
";

    /// `USE` finds modules in the other files given and under the directories given; the
    /// module's file has its own includes (next to it) and the configuration's defines; the
    /// values are those of the same code in one file. A module two files define is unknown.
    #[test]
    fn modules_are_found_in_the_files_of_the_tree() {
        let dir = tree(&[
            ("mods/kinds.F90", KINDS_F90.as_bytes()),
            ("mods/grid.f90", GRID_F90.as_bytes()),
            (
                "mods/dims.inc",
                b"  integer, parameter :: nx = 10, ny = 6\n",
            ),
            ("src/halo.f90", USES_GRID.as_bytes()),
            (".mpi-dtype-lint.toml", b"[c]\ndefines = [\"DOUBLE\"]\n"),
        ]);
        let types = |paths: &[&str]| {
            let mut args = vec!["types", "--format", "json"];
            args.extend_from_slice(paths);
            let o = run_in(dir.path(), &args);
            assert_exit(&o, 0);
            json_of(&o)["types"][0].clone()
        };
        let alone = types(&["src/halo.f90"]);
        assert_eq!(alone["size"], Value::Null, "{alone}");
        let in_tree = types(&["."]);
        let given = types(&["src/halo.f90", "mods"]);
        assert_ne!(in_tree["size"], Value::Null, "{in_tree}");
        assert_eq!(in_tree, given);
        // The same code in one file.
        let one = [
            KINDS_F90.replace("#ifdef DOUBLE\n", "").replace(
                "#else\n  integer, parameter :: wp = selected_real_kind(6)\n#endif\n",
                "",
            ),
            GRID_F90.replace(
                "  include 'dims.inc'\n",
                "  integer, parameter :: nx = 10, ny = 6\n",
            ),
            USES_GRID.to_owned(),
        ]
        .concat();
        fs::write(dir.path().join("one.f90"), one).unwrap();
        let together = types(&["one.f90"]);
        for key in [
            "size",
            "lb",
            "extent",
            "true_lb",
            "true_extent",
            "signature",
        ] {
            assert_eq!(in_tree[key], together[key], "{key}");
        }
        // The module array's declared size is known: one element too many is an overflow.
        let o = run_in(dir.path(), &["--format", "json", "src", "mods"]);
        assert_exit(&o, 1);
        assert_eq!(
            diagnostics(&o),
            [("src/halo.f90".to_owned(), "buffer-overflow".to_owned())]
        );
        // Two files define `grid`: which one is compiled is not known.
        fs::write(dir.path().join("src/grid_copy.f90"), GRID_F90).unwrap();
        assert_eq!(types(&["src", "mods"])["size"], Value::Null);
    }

    #[test]
    fn gitignored_files_are_skipped_unless_no_ignore() {
        let deprecated = text(DEPRECATED);
        let dir = tree(&[
            (".gitignore", b"generated/\nold.c\n"),
            (".ignore", b"vendor.c\n"),
            ("clean.c", text(CLEAN).as_bytes()),
            ("old.c", deprecated.as_bytes()),
            ("vendor.c", deprecated.as_bytes()),
            ("generated/gen.c", deprecated.as_bytes()),
        ]);
        fs::create_dir(dir.path().join(".git")).unwrap();
        let o = run_in(dir.path(), &[]);
        assert_exit(&o, 0);
        assert_eq!(stdout(&o), "No findings in 1 file.\n");
        let o = run_in(dir.path(), &["--no-ignore", "--format", "json"]);
        assert_exit(&o, 1);
        let mut files: Vec<String> = diagnostics(&o).into_iter().map(|(f, _)| f).collect();
        files.dedup();
        assert_eq!(files, ["generated/gen.c", "old.c", "vendor.c"]);
    }

    #[test]
    fn symlink_loop_is_skipped_without_hanging() {
        let dir = tree(&[("src/a.c", text(DEPRECATED).as_bytes())]);
        symlink("..", dir.path().join("src/loop")).unwrap();
        symlink(".", dir.path().join("self")).unwrap();
        let o = cmd_in(dir.path())
            .args(["--format", "gcc"])
            .timeout(Duration::from_secs(30))
            .output()
            .unwrap();
        // Findings, not an error: the loop is a note.
        assert_exit(&o, 1);
        assert!(
            stdout(&o).starts_with("src/a.c:25:5: warning: "),
            "{}",
            stdout(&o)
        );
        assert!(stderr(&o).contains("loop"), "{}", stderr(&o));
    }

    #[test]
    fn binary_and_invalid_utf8_files_are_told_and_the_rest_analysed() {
        let mut latin1 = text(DEPRECATED).into_bytes();
        latin1.splice(0..0, b"/* r\xe9sum\xe9 */\n".iter().copied());
        let dir = tree(&[
            ("a.c", text(DEPRECATED).as_bytes()),
            ("bin.c", b"MPI_Type\0\x01\x02\x03\xff\xfe binary"),
            ("latin1.c", &latin1),
        ]);
        let o = run_in(dir.path(), &["--format", "gcc"]);
        assert_exit(&o, 1);
        let out = stdout(&o);
        assert!(out.contains("a.c:25:5: warning: "), "{out}");
        // Analysed with the bad bytes replaced: positions one line down.
        assert!(out.contains("latin1.c:26:5: warning: "), "{out}");
        let err = stderr(&o);
        assert!(err.contains("bin.c: binary file; skipped"), "{err}");
        assert!(
            err.contains("latin1.c: not valid UTF-8; analysed with 2 bytes replaced"),
            "{err}"
        );
        // Notes are not errors, and --quiet hides them.
        let o = run_in(dir.path(), &["-q"]);
        assert_exit(&o, 1);
        assert!(o.stderr.is_empty(), "{}", stderr(&o));
    }

    #[test]
    fn where_the_analysis_stops_short_is_a_located_note() {
        // A file past the 512 KiB the front end parses: the findings in the part read, and a
        // note at the cut.
        let mut big = text(DEPRECATED);
        let filler = "static int filler_of_some_length_to_pass_the_limit = 42;\n";
        big.push_str(&filler.repeat((600 << 10) / filler.len()));
        big.push_str("void late(void) { MPI_Datatype t; MPI_Type_contiguous(-1, MPI_INT, &t); }\n");
        let dir = tree(&[("big.c", big.as_bytes())]);
        let o = run_in(dir.path(), &["--format", "gcc"]);
        assert_exit(&o, 1);
        assert!(
            stdout(&o).contains("big.c:25:5: warning: "),
            "{}",
            stdout(&o)
        );
        assert!(!stdout(&o).contains("invalid-argument"), "{}", stdout(&o));
        let err = stderr(&o);
        let cut = err
            .lines()
            .find(|l| l.contains("the file is larger than 512 KiB: only the first"))
            .unwrap_or_else(|| panic!("{err}"));
        assert!(cut.starts_with("mpi-dtype-lint: note: big.c:"), "{cut}");
        let o = run_in(dir.path(), &["-q"]);
        assert!(o.stderr.is_empty(), "{}", stderr(&o));
    }

    #[test]
    fn unreadable_paths_exit_2_and_the_others_are_reported() {
        let dir = tree(&[("a.c", text(DEPRECATED).as_bytes())]);
        symlink("nowhere.c", dir.path().join("dangling.c")).unwrap();
        let root_user = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout == b"0\n");
        if !root_user {
            use std::os::unix::fs::PermissionsExt;
            let locked = dir.path().join("locked.c");
            fs::write(&locked, text(DEPRECATED)).unwrap();
            fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
        }
        let o = run_in(dir.path(), &["--format", "gcc"]);
        // A link to nothing in the tree is a note; a file that cannot be read fails the run.
        assert_exit(&o, if root_user { 1 } else { 2 });
        assert!(stdout(&o).contains("a.c:25:5: warning: "), "{}", stdout(&o));
        let err = stderr(&o);
        assert!(
            err.contains("dangling.c: a link to nothing; skipped"),
            "{err}"
        );
        if !root_user {
            assert!(err.contains("locked.c: Permission denied"), "{err}");
        }
        let o = run_in(dir.path(), &["a.c", "missing.c"]);
        assert_exit(&o, 2);
        assert!(stdout(&o).contains("a.c:25:5"));
        assert!(stderr(&o).contains("missing.c: no such file or directory"));
    }

    /// Named on the command line, a file with no language or a FIFO was skipped in silence
    /// with status 0; found while walking a directory, it still is.
    #[test]
    fn an_explicit_path_that_cannot_be_linted_is_an_error() {
        let dir = tree(&[
            ("notes.txt", b"MPI_Send\n"),
            ("ok.c", text(CLEAN).as_bytes()),
        ]);
        let made = std::process::Command::new("mkfifo")
            .arg(dir.path().join("pipe.c"))
            .status()
            .unwrap();
        assert!(made.success());
        let o = run_in(dir.path(), &["notes.txt", "pipe.c", "ok.c"]);
        assert_exit(&o, 2);
        let err = stderr(&o);
        assert!(
            err.contains("notes.txt: not a C or Fortran file by its extension"),
            "{err}"
        );
        assert!(
            err.contains("pipe.c: a FIFO, not a regular file; not linted"),
            "{err}"
        );
        assert_eq!(stdout(&o), "No findings in 1 file.\n");
        let o = run_in(dir.path(), &["."]);
        assert_exit(&o, 0);
        assert!(o.stderr.is_empty(), "{}", stderr(&o));
    }

    /// UTF-16 files (with their byte order mark) were called binary and skipped: decoded, they
    /// have the findings of the same text in UTF-8, at the same places.
    #[test]
    fn utf16_files_are_decoded() {
        let source = format!("/* r\u{e9}sum\u{e9} \u{1F600} */ {}", text(DEPRECATED));
        let dir = tree(&[
            ("utf8.c", source.as_bytes()),
            ("le.c", &utf16(&source, false)),
            ("be.c", &utf16(&source, true)),
        ]);
        let o = run_in(dir.path(), &["--format", "json"]);
        assert_exit(&o, 1);
        assert!(o.stderr.is_empty(), "{}", stderr(&o));
        let places = |file: &str| -> Vec<Value> {
            json_of(&o)["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["file"] == file)
                .map(|d| json!([d["rule"], d["line"], d["column"], d["end_column"]]))
                .collect()
        };
        assert!(!places("utf8.c").is_empty());
        assert_eq!(places("le.c"), places("utf8.c"));
        assert_eq!(places("be.c"), places("utf8.c"));
    }

    /// Notes quoted 40 characters of the file they were in, an included one too (a secret of a
    /// test leaked this way): an included file is named, with the line, never quoted.
    #[test]
    fn notes_never_quote_an_included_file() {
        let dir = tree(&[
            (
                "secret.h",
                b"struct { int a; hunter2 correct horse battery staple } y;\n",
            ),
            (
                "main.c",
                format!("#include \"secret.h\"\n{}", text(CLEAN)).as_bytes(),
            ),
        ]);
        let o = run_in(dir.path(), &["main.c"]);
        let err = stderr(&o);
        for secret in ["hunter2", "correct", "horse", "battery", "staple"] {
            assert!(!err.contains(secret), "{err}");
        }
        assert!(
            err.contains("main.c:1:1: could not parse line 1 of `secret.h`; skipped"),
            "{err}"
        );
    }

    /// A link to nothing inside a tree is a note; the rest is linted.
    #[cfg(unix)]
    #[test]
    fn a_dangling_link_in_a_tree_is_a_note() {
        let dir = tree(&[("ok.c", text(CLEAN).as_bytes())]);
        std::os::unix::fs::symlink("/nonexistent/target.c", dir.path().join("gone.c")).unwrap();
        let o = run_in(dir.path(), &["."]);
        assert_exit(&o, 0);
        assert!(
            stderr(&o).contains("gone.c: a link to nothing; skipped"),
            "{}",
            stderr(&o)
        );
        // Named on the command line, it cannot be linted: an error.
        assert_exit(&run_in(dir.path(), &["gone.c"]), 2);
    }
}

mod config {
    use super::*;

    #[test]
    fn errors_name_the_file_the_line_and_the_key() {
        for (toml, line, key) in [
            (
                "target = \"x86_64-linux-gnu\"\ncolour = true\n",
                2,
                "colour",
            ),
            ("\n\ntarget = 5\n", 3, "target"),
            ("target = \"sparc\"\n", 1, "target"),
            ("mpi = \"lam\"\n", 1, "mpi"),
            (
                "select = [\n  \"missing-commit\",\n  \"nope\",\n]\n",
                3,
                "select",
            ),
            ("ignore = [\"nope\"]\n", 1, "ignore"),
            (
                "[severity]\nmissing-commit = \"loud\"\n",
                2,
                "severity.missing-commit",
            ),
            ("[severity]\n\"no-rule\" = \"error\"\n", 2, "severity"),
            (
                "[per-file-ignores]\n\"*.c\" = [\"bogus\"]\n",
                2,
                "per-file-ignores.*.c",
            ),
            ("[fortran]\nform = \"weird\"\n", 2, "fortran.form"),
            ("[extensions]\ninc = \"fortran\"\n", 2, "extensions.inc"),
            ("[extensions]\n\".inc\" = \"c\"\n", 2, "extensions..inc"),
            (
                "[fortran]\ndefault-real-kind = 6\n",
                2,
                "fortran.default-real-kind",
            ),
            (
                "[fortran]\n\ndefault-integer-kind = \"8\"\n",
                3,
                "default-integer-kind",
            ),
            (
                "[fortran]\ndefault-double-kind = 4\n",
                2,
                "fortran.default-double-kind",
            ),
            ("[c]\ninclude-paths = 3\n", 2, "include-paths"),
            ("[c]\nunknown = 1\n", 2, "unknown"),
        ] {
            let dir = tree(&[
                (".mpi-dtype-lint.toml", toml.as_bytes()),
                ("sub/a.c", text(DEPRECATED).as_bytes()),
            ]);
            let o = run_in(dir.path(), &[]);
            assert_exit(&o, 2);
            let err = stderr(&o);
            let want = format!(".mpi-dtype-lint.toml:{line}: `{key}`");
            assert!(err.contains(&want), "{toml:?}: want {want:?} in {err}");
            // Reported once, not once per file.
            assert_eq!(err.matches(".mpi-dtype-lint.toml").count(), 1, "{err}");
            // The same through --config.
            let o = run_in(dir.path(), &["--config", ".mpi-dtype-lint.toml", "sub/a.c"]);
            assert_exit(&o, 2);
            assert!(stderr(&o).contains(&want));
        }
    }

    #[test]
    fn per_file_ignores_and_severity_overrides() {
        let deprecated = text(DEPRECATED);
        let dir = tree(&[
            (
                ".mpi-dtype-lint.toml",
                b"[per-file-ignores]\n\"legacy/*.c\" = [\"deprecated-api\"]\n\n[severity]\ndeprecated-api = \"error\"\n",
            ),
            ("legacy/old.c", deprecated.as_bytes()),
            ("src/new.c", deprecated.as_bytes()),
        ]);
        let o = run_in(dir.path(), &["--format", "gcc"]);
        assert_exit(&o, 1);
        let out = stdout(&o);
        assert!(!out.contains("legacy/old.c"), "{out}");
        assert!(out.contains("src/new.c:25:5: error: "), "{out}");
        // Found by walking up from the file, also when run below the configuration.
        let o = run_in(&dir.path().join("src"), &["--format", "gcc", "new.c"]);
        assert!(stdout(&o).contains("new.c:25:5: error: "), "{}", stdout(&o));
        let o = run_in(&dir.path().join("legacy"), &["old.c"]);
        assert_exit(&o, 0);
    }

    #[test]
    fn explicit_config_replaces_the_nearest() {
        let dir = tree(&[
            (".mpi-dtype-lint.toml", b"ignore = [\"deprecated-api\"]\n"),
            ("other.toml", b"select = [\"deprecated-api\"]\n"),
            ("a.c", text(DEPRECATED).as_bytes()),
        ]);
        assert_exit(&run_in(dir.path(), &["a.c"]), 0);
        assert_exit(&run_in(dir.path(), &["--config", "other.toml", "a.c"]), 1);
        let o = run_in(dir.path(), &["--config", "missing.toml", "a.c"]);
        assert_exit(&o, 2);
        assert!(stderr(&o).contains("missing.toml"));
    }

    /// Fixed-form Fortran in an `.inc` file: a type sent without a commit.
    const FIXED_INC: &str = "testdata/config/halo.inc";

    #[test]
    fn extensions_choose_the_language_of_files() {
        let dir = tree(&[("src/halo.inc", text(FIXED_INC).as_bytes())]);
        let json = ["--format", "json"];
        // Not a known extension: not even walked.
        let o = run_in(dir.path(), &json);
        assert_exit(&o, 0);
        assert_eq!(diagnostics(&o), []);
        let finding = [("src/halo.inc".to_owned(), "missing-commit".to_owned())];
        fs::write(
            dir.path().join("other.toml"),
            "[extensions]\ninc = \"fortran-fixed\"\n",
        )
        .unwrap();
        let o = run_in(
            dir.path(),
            &[&json[..], &["--config", "other.toml"]].concat(),
        );
        assert_exit(&o, 1);
        assert_eq!(diagnostics(&o), finding);
        // The nearest configuration, for the walk and for a file named on the command line.
        fs::rename(
            dir.path().join("other.toml"),
            dir.path().join(".mpi-dtype-lint.toml"),
        )
        .unwrap();
        let o = run_in(dir.path(), &json);
        assert_exit(&o, 1);
        assert_eq!(diagnostics(&o), finding);
        let o = run_in(dir.path(), &[&json[..], &["src/halo.inc"]].concat());
        assert_eq!(diagnostics(&o), finding);
        // An existing extension can be given another language.
        let h = tree(&[
            (
                ".mpi-dtype-lint.toml",
                b"[extensions]\nh = \"fortran-fixed\"\n",
            ),
            ("halo.h", text(FIXED_INC).as_bytes()),
        ]);
        let o = run_in(h.path(), &json);
        assert_eq!(
            diagnostics(&o),
            [("halo.h".to_owned(), "missing-commit".to_owned())]
        );
    }

    const REAL_SENT_AS_MPI_REAL: &str = "testdata/rules/missing-commit/vector_no_commit.f90";

    #[test]
    fn fortran_default_kinds_from_the_configuration_and_compile_commands() {
        let rules = |o: &Output| -> Vec<String> {
            let mut rules: Vec<String> = diagnostics(o).into_iter().map(|(_, r)| r).collect();
            rules.sort();
            rules.dedup();
            rules
        };
        let dir = tree(&[("a.f90", text(REAL_SENT_AS_MPI_REAL).as_bytes())]);
        let json = ["--format", "json", "a.f90"];
        assert_eq!(rules(&run_in(dir.path(), &json)), ["missing-commit"]);
        // REAL is 8 bytes; MPI_REAL is still the library's 4.
        fs::write(
            dir.path().join(".mpi-dtype-lint.toml"),
            "[fortran]\ndefault-real-kind = 8\n",
        )
        .unwrap();
        assert_eq!(
            rules(&run_in(dir.path(), &json)),
            ["buffer-type-mismatch", "missing-commit"]
        );
        fs::remove_file(dir.path().join(".mpi-dtype-lint.toml")).unwrap();
        let database = json!([{
            "directory": dir.path(),
            "file": "a.f90",
            "arguments": ["gfortran", "-fdefault-real-8", "-c", "a.f90"],
        }]);
        fs::write(
            dir.path().join("compile_commands.json"),
            database.to_string(),
        )
        .unwrap();
        assert_eq!(
            rules(&run_in(dir.path(), &json)),
            ["buffer-type-mismatch", "missing-commit"]
        );
    }

    const USES_FLAGS: &str = "#include <mpi.h>
#include \"dims.h\"
int main(int argc, char **argv)
{
    MPI_Datatype a, b;
    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(N, MPI_DOUBLE, &a);
    MPI_Type_contiguous(M, MPI_INT, &b);
    MPI_Type_commit(&a);
    MPI_Type_commit(&b);
    MPI_Type_free(&a);
    MPI_Type_free(&b);
    MPI_Finalize();
    return 0;
}
";

    fn sizes(o: &Output) -> Vec<Value> {
        assert_exit(o, 0);
        json_of(o)["types"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["size"].clone())
            .collect()
    }

    #[test]
    fn defines_reach_fortran_files_cpp_runs_over() {
        let program = b"program p\n  use mpi\n  integer :: t, ierr\n  \
                        call MPI_Type_contiguous(NX, MPI_REAL, t, ierr)\nend program\n";
        let dir = tree(&[("a.F90", program), ("b.f90", program)]);
        let types = ["types", "--format", "json", "a.F90", "b.f90"];
        assert_eq!(
            sizes(&run_in(dir.path(), &types)),
            [Value::Null, Value::Null]
        );
        fs::write(
            dir.path().join(".mpi-dtype-lint.toml"),
            "[c]\ndefines = [\"NX=5\"]\n",
        )
        .unwrap();
        // Only the .F90 file goes through cpp; in b.f90 NX is an undeclared name.
        assert_eq!(sizes(&run_in(dir.path(), &types)), [json!(20), Value::Null]);
        fs::remove_file(dir.path().join(".mpi-dtype-lint.toml")).unwrap();
        let database = json!([{
            "directory": dir.path(),
            "file": "a.F90",
            "arguments": ["gfortran", "-cpp", "-DNX=3", "-c", "a.F90"],
        }]);
        fs::write(
            dir.path().join("compile_commands.json"),
            database.to_string(),
        )
        .unwrap();
        assert_eq!(sizes(&run_in(dir.path(), &types)), [json!(12), Value::Null]);
    }

    #[test]
    fn compile_commands_give_includes_and_defines() {
        let dir = tree(&[
            ("src/t.c", USES_FLAGS.as_bytes()),
            ("inc/dims.h", b"#define M 5\n"),
        ]);
        let types = ["types", "--format", "json", "src/t.c"];
        assert_eq!(
            sizes(&run_in(dir.path(), &types)),
            [Value::Null, Value::Null]
        );

        let database = json!([{
            "directory": dir.path().join("build"),
            "file": "../src/t.c",
            "command": "cc -DN=4 -I ../inc -c ../src/t.c -o t.o",
        }]);
        fs::create_dir(dir.path().join("build")).unwrap();
        fs::write(
            dir.path().join("build/compile_commands.json"),
            database.to_string(),
        )
        .unwrap();
        // Not above the file: used only when given.
        assert_eq!(
            sizes(&run_in(dir.path(), &types)),
            [Value::Null, Value::Null]
        );
        let given = [
            &types[..],
            &["--compile-commands", "build/compile_commands.json"],
        ]
        .concat();
        assert_eq!(sizes(&run_in(dir.path(), &given)), [json!(32), json!(20)]);
        // Found by walking up from the file; `arguments` as well as `command`.
        let database = json!([{
            "directory": dir.path(),
            "file": "src/t.c",
            "arguments": ["cc", "-DN=3", "-Iinc", "-c", "src/t.c"],
        }]);
        fs::write(
            dir.path().join("compile_commands.json"),
            database.to_string(),
        )
        .unwrap();
        assert_eq!(sizes(&run_in(dir.path(), &types)), [json!(24), json!(20)]);

        fs::write(dir.path().join("compile_commands.json"), "[{\"file\": 1}]").unwrap();
        let o = run_in(dir.path(), &["src/t.c"]);
        assert_exit(&o, 2);
        assert!(
            stderr(&o).contains("compile_commands.json:1: "),
            "{}",
            stderr(&o)
        );
    }

    /// `all` names every rule, as ruff's `ALL`, wherever a rule id is taken.
    #[test]
    fn all_names_every_rule() {
        const BUGGY: &str = "testdata/rules/invalid-argument/negative_literal_count.c";
        let ignored = run(&["--ignore", "all", BUGGY]);
        assert_exit(&ignored, 0);
        let config = "[per-file-ignores]\n\"a/*.c\" = [\"all\"]\n[severity]\nall = \"warning\"\n";
        let dir = tree(&[
            ("a/x.c", text(BUGGY).as_bytes()),
            ("b/x.c", text(BUGGY).as_bytes()),
            ("c/x.c", text(BUGGY).as_bytes()),
            (".mpi-dtype-lint.toml", config.as_bytes()),
            ("c/.mpi-dtype-lint.toml", b"ignore = [\"all\"]\n"),
        ]);
        let o = run_in(dir.path(), &["--format", "json", "."]);
        let found = diagnostics(&o);
        assert!(
            found.iter().all(|(file, _)| file.contains("b/")),
            "{found:?}"
        );
        assert_eq!(found.len(), 2, "{found:?}");
        let severities: Vec<Value> = json_of(&o)["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["severity"].clone())
            .collect();
        assert!(severities.iter().all(|s| s == "warning"), "{severities:?}");
    }
}

mod formats {
    use super::*;

    #[test]
    fn human() {
        let o = sample(&[]);
        assert_exit(&o, 1);
        let out = stdout(&o);
        assert!(!out.contains('\x1b'), "colour in a pipe");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn json() {
        let o = sample(&["--format", "json"]);
        assert_exit(&o, 1);
        insta::assert_snapshot!(stdout(&o));
    }

    #[test]
    fn github() {
        let o = sample(&["--format", "github"]);
        assert_exit(&o, 1);
        insta::assert_snapshot!(stdout(&o));
    }

    #[test]
    fn gcc() {
        let o = sample(&["--format", "gcc"]);
        assert_exit(&o, 1);
        insta::assert_snapshot!(stdout(&o));
    }

    #[test]
    fn statistics() {
        // Quiet: only what was asked for besides the report.
        let o = sample(&["--statistics", "-q"]);
        assert_exit(&o, 1);
        insta::assert_snapshot!(stdout(&o));
    }

    /// Beside a machine format, statistics go to stderr: stdout stays one valid document.
    #[test]
    fn statistics_beside_json_and_sarif_keep_stdout_valid() {
        for format in ["json", "sarif"] {
            let o = sample(&["--format", format, "--statistics"]);
            assert_exit(&o, 1);
            let _: Value = serde_json::from_slice(&o.stdout).expect("one JSON document");
            assert!(stderr(&o).contains("deprecated-api"), "{}", stderr(&o));
        }
    }

    /// `| head`: the reader stops early; the run ends quietly with its usual status.
    #[test]
    fn a_closed_pipe_ends_the_output_quietly() {
        use std::io::Read;
        use std::process::Stdio;
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mpi-dtype-lint"))
            .current_dir(root())
            .arg("testdata/")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // stdout is dropped here: the next write finds the pipe closed.
        let o = child.wait_with_output().unwrap();
        assert_exit(&o, 1);
        assert!(!stderr(&o).contains("Broken pipe"), "{}", stderr(&o));
    }

    #[test]
    fn sarif() {
        let o = sample(&["--format", "sarif"]);
        assert_exit(&o, 1);
        let log = json_of(&o);
        let rules = &log["runs"][0]["tool"]["driver"]["rules"];
        let ids: Vec<&str> = rules
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["id"].as_str().unwrap())
            .collect();
        let expected: Vec<&str> = analyzer::checks::RULES.iter().map(|r| r.id).collect();
        assert_eq!(ids, expected);
        // helpUri names a file of this repository and a heading in it.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for rule in rules.as_array().unwrap() {
            let uri = rule["helpUri"].as_str().unwrap();
            let (file, anchor) = uri
                .split_once("/blob/main/")
                .and_then(|(_, rest)| rest.split_once('#'))
                .unwrap_or_else(|| panic!("helpUri {uri}"));
            let text = fs::read_to_string(root.join(file)).unwrap_or_default();
            assert!(
                text.lines().any(|l| l == format!("## {anchor}")),
                "helpUri {uri}: no such heading in {file}"
            );
        }
        // Every result points at its rule's metadata.
        for result in log["runs"][0]["results"].as_array().unwrap() {
            let index = result["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[index]["id"], result["ruleId"]);
        }
        insta::assert_json_snapshot!(log, {
            ".runs[].tool.driver.rules" => "[the rules' metadata]",
            ".runs[].tool.driver.version" => "[version]",
            ".runs[].originalUriBaseIds.*.uri" => "[the working directory]",
        });
    }

    /// File URIs were paths as printed, with spaces and `#` as they are, and absolute ones for
    /// files outside the working directory beside `%SRCROOT%`: percent-encoded references
    /// relative to the one base now.
    #[test]
    fn sarif_uris_are_encoded_and_relative_to_one_base() {
        let dir = tree(&[
            ("work/.keep", b""),
            ("my dir/caf\u{e9} #1.c", text(DEPRECATED).as_bytes()),
        ]);
        let work = dir.path().join("work");
        let o = run_in(&work, &["--format", "sarif", "../my dir"]);
        assert_exit(&o, 1);
        let log = json_of(&o);
        let (schemas, index) = sarif_validator();
        if let Err(e) = schemas.validate(&log, index) {
            panic!("invalid SARIF: {e:#}");
        }
        let run = &log["runs"][0];
        let base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
            .as_str()
            .unwrap();
        let canonical = work.canonicalize().unwrap();
        let expected = [work.as_path(), canonical.as_path()]
            .map(|w| format!("file://{}/", w.display()).replace(' ', "%20"));
        assert!(expected.contains(&base.to_owned()), "{base}");
        let results = run["results"].as_array().unwrap();
        assert!(!results.is_empty());
        for result in results {
            let at = &result["locations"][0]["physicalLocation"]["artifactLocation"];
            assert_eq!(at["uri"], "../my%20dir/caf%C3%A9%20%231.c");
            assert_eq!(at["uriBaseId"], "%SRCROOT%");
            for fix in result["fixes"].as_array().into_iter().flatten() {
                assert_eq!(fix["artifactChanges"][0]["artifactLocation"], *at);
            }
        }
    }

    /// Columns were characters: gcc's are bytes, from 1.
    #[test]
    fn gcc_columns_count_bytes() {
        let source = text(DEPRECATED).replace(
            "    MPI_Type_extent(",
            "    /* \u{e9}\u{20ac}\u{1F600} */ MPI_Type_extent(",
        );
        let dir = tree(&[("a.c", source.as_bytes())]);
        let o = run_in(
            dir.path(),
            &["--format", "gcc", "--select", "deprecated-api"],
        );
        assert_exit(&o, 1);
        let line = source.lines().nth(24).unwrap();
        let bytes = line.find("MPI_Type_extent").unwrap() + 1;
        assert_eq!(bytes, 5 + "/* \u{e9}\u{20ac}\u{1F600} */ ".len());
        assert!(
            stdout(&o).starts_with(&format!("a.c:25:{bytes}: warning: ")),
            "{}",
            stdout(&o)
        );
    }

    /// A finding on a 200,000-character line printed the line, and as much again to underline
    /// it: 400 KB. The line is cut around the finding.
    #[test]
    fn a_finding_on_a_long_line_shows_an_excerpt() {
        let comment = |n| format!("/*{}*/", "x".repeat(n));
        let source = text(DEPRECATED).replace(
            "    MPI_Type_extent(MPI_DOUBLE, &sizeofdouble);",
            &format!(
                "{}MPI_Type_extent(MPI_DOUBLE, &sizeofdouble);{}",
                comment(100_000),
                comment(100_000)
            ),
        );
        let dir = tree(&[("a.c", source.as_bytes())]);
        let o = run_in(dir.path(), &["--select", "deprecated-api"]);
        assert_exit(&o, 1);
        let out = stdout(&o);
        assert!(out.len() < 4_000, "{} bytes printed", out.len());
        let shown = out
            .lines()
            .find(|l| l.contains("MPI_Type_extent(MPI_DOUBLE"))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(shown.contains("…xxx") && shown.ends_with("xxx…"), "{shown}");
        // The underline is under the call.
        let carets = out.lines().find(|l| l.contains('^')).unwrap();
        let column = |l: &str, pattern| l.chars().position(|c| c == pattern).unwrap();
        assert_eq!(
            column(carets, '^'),
            shown
                .find("MPI_Type_extent")
                .map(|b| shown[..b].chars().count())
                .unwrap()
        );
    }

    /// The official SARIF 2.1.0 schema (see tests/data/README.md).
    pub(super) fn sarif_validator() -> (boon::Schemas, boon::SchemaIndex) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sarif-schema-2.1.0.json");
        let schema: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let mut schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        compiler.enable_format_assertions();
        let location = path.display().to_string();
        compiler.add_resource(&location, schema).unwrap();
        let index = compiler.compile(&location, &mut schemas).unwrap();
        (schemas, index)
    }

    #[test]
    fn sarif_is_valid_against_the_official_schema() {
        let (schemas, index) = sarif_validator();
        for args in [SAMPLE, &["testdata/clean"], &["testdata/rules"]] {
            let o = run(&[args, &["--format", "sarif"]].concat());
            let log = json_of(&o);
            if let Err(e) = schemas.validate(&log, index) {
                panic!("{args:?}: invalid SARIF: {e:#}");
            }
        }
    }

    #[test]
    fn the_schema_rejects_invalid_sarif() {
        let (schemas, index) = sarif_validator();
        let o = sample(&["--format", "sarif"]);
        let valid = json_of(&o);
        assert!(schemas.validate(&valid, index).is_ok());
        type Breakage = fn(&mut Value);
        let breakages: [(&str, Breakage); 4] = [
            ("wrong version", |v| v["version"] = json!("2.0.0")),
            ("unknown level", |v| {
                v["runs"][0]["results"][0]["level"] = json!("fatal")
            }),
            ("line 0", |v| {
                v["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
                    ["startLine"] = json!(0)
            }),
            ("no tool", |v| {
                v["runs"][0].as_object_mut().unwrap().remove("tool");
            }),
        ];
        for (what, breakage) in breakages {
            let mut broken = valid.clone();
            breakage(&mut broken);
            assert!(
                schemas.validate(&broken, index).is_err(),
                "{what}: accepted"
            );
        }
    }

    /// Runs the human format on a terminal (through `script`), where it is coloured unless
    /// `NO_COLOR` is set.
    #[test]
    fn colour_on_a_terminal_only_and_never_with_no_color() {
        if Command::new("script").arg("--version").output().is_err() {
            eprintln!("skipped: no `script` to give the binary a terminal");
            return;
        }
        let binary = assert_cmd::cargo::cargo_bin("mpi-dtype-lint");
        let on_tty = |no_color: bool| {
            let command = format!("{} {DEPRECATED}", binary.display());
            let mut script = Command::new("script");
            script
                .current_dir(root())
                .env_remove("CI")
                .args(["-qec", &command, "/dev/null"])
                .timeout(Duration::from_secs(60));
            if no_color {
                script.env("NO_COLOR", "1");
            } else {
                script.env_remove("NO_COLOR");
            }
            String::from_utf8_lossy(&script.output().unwrap().stdout).into_owned()
        };
        let coloured = on_tty(false);
        assert!(
            coloured.contains("\x1b[1;33mwarning[deprecated-api]"),
            "{coloured:?}"
        );
        let plain = on_tty(true);
        assert!(plain.contains("warning[deprecated-api]"), "{plain:?}");
        assert!(!plain.contains('\x1b'), "{plain:?}");
    }
}

mod fix {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// Copies of the deprecated-API and missing-commit C fixtures.
    fn fixtures() -> TempDir {
        let dir = tempfile::tempdir().unwrap();
        for rule in ["deprecated-api", "missing-commit"] {
            for entry in fs::read_dir(root().join("testdata/rules").join(rule)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "c") {
                    fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
                }
            }
        }
        dir
    }

    fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| (p.clone(), fs::read(&p).unwrap()))
            .collect();
        files.sort();
        files
    }

    /// Findings in `--format json` output that `--fix` (with `unsafe_fixes`) could apply.
    fn fixable(o: &Output, unsafe_fixes: bool) -> Vec<Value> {
        json_of(o)["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                d["fixes"].as_array().unwrap().iter().any(|f| {
                    f["applicability"] == "safe" || (unsafe_fixes && f["applicability"] == "unsafe")
                })
            })
            .cloned()
            .collect()
    }

    /// `mpicc.mpich`, or `None` (skip) when it is missing and CI is unset; CI requires it.
    fn mpicc() -> Option<&'static str> {
        let found = Command::new("mpicc.mpich").arg("-v").output().is_ok();
        if !found && std::env::var_os("CI").is_some() {
            panic!("mpicc.mpich is required in CI");
        }
        if !found {
            eprintln!("skipped the compile check: no mpicc.mpich");
        }
        found.then_some("mpicc.mpich")
    }

    /// Every file in `dir` compiles without a warning, hidden variables included (`-Wshadow`:
    /// a declaration a fix adds must not change what a name means).
    #[track_caller]
    fn assert_compiles(dir: &Path) {
        let Some(mpicc) = mpicc() else { return };
        for (path, _) in contents(dir) {
            let o = Command::new(mpicc)
                .args(["-fsyntax-only", "-Wall", "-Wshadow", "-Werror"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "{}:\n{}",
                path.display(),
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }

    #[test]
    fn fix_removes_the_fixable_findings_and_a_second_run_changes_nothing() {
        let dir = fixtures();
        let lint = |dir: &Path| run_in(dir, &["--format", "json"]);
        let before = lint(dir.path());
        assert!(!fixable(&before, false).is_empty());
        // A type never committed gets its commit (a warning that it may be uncommitted, on
        // some paths, has no fix).
        let missing_commit = |o: &Output| {
            json_of(o)["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["rule"] == "missing-commit" && d["severity"] == "error")
                .count()
        };
        // A commit missing inside a macro's expansion has no fix (the edit belongs in the
        // macro); every other one has.
        let in_macro = json_of(&before)["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                d["rule"] == "missing-commit"
                    && d["severity"] == "error"
                    && d["fixes"].as_array().unwrap().is_empty()
            })
            .count();
        assert!(missing_commit(&before) > in_macro);

        let o = run_in(dir.path(), &["--fix"]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
        assert!(stderr(&o).contains("fixed "), "{}", stderr(&o));
        let after = lint(dir.path());
        assert_eq!(fixable(&after, false), Vec::<Value>::new());
        assert_eq!(missing_commit(&after), in_macro);

        let o = run_in(dir.path(), &["--fix", "--unsafe-fixes"]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
        let after = lint(dir.path());
        assert_eq!(fixable(&after, true), Vec::<Value>::new());
        // What is left has no fix to apply.
        assert!(diagnostics(&after).len() < diagnostics(&before).len());

        let fixed = contents(dir.path());
        let o = run_in(dir.path(), &["--fix", "--unsafe-fixes"]);
        assert!(stderr(&o).contains("fixed 0 findings"), "{}", stderr(&o));
        assert_eq!(
            contents(dir.path()),
            fixed,
            "the second --fix changed files"
        );
        assert_compiles(dir.path());
    }

    #[test]
    fn fix_keeps_crlf_byte_order_mark_and_permissions() {
        let crlf = text(DEPRECATED).replace('\n', "\r\n");
        let bom = format!("\u{feff}{}", text(DEPRECATED));
        let dir = tree(&[("crlf.c", crlf.as_bytes()), ("bom.c", bom.as_bytes())]);
        let mode = |name: &str| {
            fs::metadata(dir.path().join(name))
                .unwrap()
                .permissions()
                .mode()
                & 0o7777
        };
        fs::set_permissions(dir.path().join("crlf.c"), fs::Permissions::from_mode(0o751)).unwrap();
        fs::set_permissions(dir.path().join("bom.c"), fs::Permissions::from_mode(0o600)).unwrap();
        let o = run_in(dir.path(), &["--fix"]);
        assert_exit(&o, 0);
        let fixed = fs::read_to_string(dir.path().join("crlf.c")).unwrap();
        assert!(fixed.contains("MPI_Type_create_hvector"));
        assert_eq!(
            fixed.matches('\n').count(),
            fixed.matches("\r\n").count(),
            "a lone LF in {fixed:?}"
        );
        let fixed = fs::read_to_string(dir.path().join("bom.c")).unwrap();
        assert!(fixed.starts_with('\u{feff}') && fixed.contains("MPI_Type_create_hvector"));
        assert!(!fixed.contains('\r'));
        assert_eq!(mode("crlf.c"), 0o751);
        assert_eq!(mode("bom.c"), 0o600);
        assert_compiles(dir.path());
    }

    #[test]
    fn diff_prints_a_unified_diff_and_writes_nothing() {
        let dir = fixtures();
        let before = contents(dir.path());
        let o = run_in(dir.path(), &["--diff", "--unsafe-fixes"]);
        assert_exit(&o, 1);
        let diff = stdout(&o);
        assert!(
            diff.contains("--- mpi1_hvector_transpose.c\n+++ mpi1_hvector_transpose.c\n@@ -"),
            "{diff}"
        );
        assert!(diff.contains("\n-    MPI_Type_hvector(N, 1, sizeofdouble, column, &xpose);"));
        assert!(
            diff.contains("\n+    MPI_Type_create_hvector(N, 1, sizeofdouble, column, &xpose);")
        );
        assert!(stderr(&o).contains("would fix "));
        assert_eq!(contents(dir.path()), before, "--diff wrote files");
        let o = run_in(dir.path(), &["--diff", "-q", "commit_after_send_ok.c"]);
        assert_exit(&o, 0);
        assert!(o.stdout.is_empty() && o.stderr.is_empty());
    }

    /// A UTF-16 file is decoded to be linted, but only UTF-8 is written back.
    #[test]
    fn fix_refuses_a_utf16_file() {
        let bytes = utf16(&text(DEPRECATED), false);
        let dir = tree(&[("wide.c", &bytes)]);
        let o = run_in(dir.path(), &["--fix"]);
        assert_exit(&o, 2);
        assert!(
            stderr(&o).contains("wide.c: UTF-16LE, and only UTF-8 files are fixed; not fixed"),
            "{}",
            stderr(&o)
        );
        assert_eq!(fs::read(dir.path().join("wide.c")).unwrap(), bytes);
    }

    #[test]
    fn fix_refuses_a_file_that_is_not_utf8() {
        let mut latin1 = b"/* r\xe9sum\xe9 */\n".to_vec();
        latin1.extend_from_slice(text(DEPRECATED).as_bytes());
        let dir = tree(&[("latin1.c", &latin1)]);
        let o = run_in(dir.path(), &["--fix"]);
        assert_exit(&o, 2);
        assert!(stderr(&o).contains("latin1.c: not valid UTF-8; not fixed"));
        assert_eq!(fs::read(dir.path().join("latin1.c")).unwrap(), latin1);
    }

    /// The deprecated-API transpose fixture, its MPI_Type_extent line ending in `\r\n` and the
    /// others in `\n`.
    fn mixed_line_endings() -> String {
        text(DEPRECATED)
            .lines()
            .map(|line| {
                let ending = if line.contains("MPI_Type_extent") {
                    "\r\n"
                } else {
                    "\n"
                };
                format!("{line}{ending}")
            })
            .collect()
    }

    #[test]
    fn fix_keeps_each_lines_ending_and_the_diff_shows_what_is_written() {
        let mixed = mixed_line_endings();
        let extent =
            "    MPI_Type_extent(MPI_DOUBLE, &sizeofdouble); /* expect: deprecated-api */\r\n";
        let hvector = "    MPI_Type_hvector(N, 1, sizeofdouble, column, &xpose);";
        assert!(mixed.contains(extent) && mixed.contains(&format!("{hvector} ")));
        // The new declaration takes the ending of the line it goes before.
        let expected = mixed
            .replace(
                extent,
                "    MPI_Aint sizeofdouble_lb;\r\n    MPI_Type_get_extent(MPI_DOUBLE, &sizeofdouble_lb, &sizeofdouble); /* expect: deprecated-api */\r\n",
            )
            .replace("MPI_Type_hvector(", "MPI_Type_create_hvector(");
        let dir = tree(&[("mixed.c", mixed.as_bytes())]);

        let o = run_in(dir.path(), &["--diff"]);
        assert_exit(&o, 0);
        let diff = stdout(&o);
        let changed: Vec<&str> = diff
            .split_inclusive('\n')
            .filter(|l| l.starts_with(['+', '-']) && !l.starts_with("+++") && !l.starts_with("---"))
            .collect();
        assert_eq!(
            changed,
            [
                format!("-{extent}").as_str(),
                "+    MPI_Aint sizeofdouble_lb;\r\n",
                "+    MPI_Type_get_extent(MPI_DOUBLE, &sizeofdouble_lb, &sizeofdouble); /* expect: deprecated-api */\r\n",
                "-    MPI_Type_hvector(N, 1, sizeofdouble, column, &xpose); /* expect: deprecated-api */\n",
                "+    MPI_Type_create_hvector(N, 1, sizeofdouble, column, &xpose); /* expect: deprecated-api */\n",
            ],
            "{diff}"
        );

        let o = run_in(dir.path(), &["--fix"]);
        assert_exit(&o, 0);
        assert_eq!(
            fs::read_to_string(dir.path().join("mixed.c")).unwrap(),
            expected
        );
    }

    #[test]
    fn fix_leaves_the_branches_only_old_libraries_compile_as_written() {
        let source = r#"#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Datatype padded, pair;
    MPI_Aint     extent;

    MPI_Init(&argc, &argv);
#if MPI_VERSION < 3
    {
        int          blocklens[2] = {1, 1};
        MPI_Aint     disps[2] = {0, 16};
        MPI_Datatype types[2] = {MPI_DOUBLE, MPI_UB};
        MPI_Type_struct(2, blocklens, disps, types, &padded);
        MPI_Type_extent(padded, &extent);
    }
#else
    MPI_Type_create_resized(MPI_DOUBLE, 0, 16, &padded);
    extent = 16;
#endif
    MPI_Type_hvector(2, 1, extent, padded, &pair);
    MPI_Type_commit(&pair);
    printf("%ld", (long)extent);
    MPI_Type_free(&pair);
    MPI_Type_free(&padded);
    MPI_Finalize();
    return 0;
}
"#;
        let old_branch = |s: &str| {
            let start = s.find("#if MPI_VERSION < 3").unwrap();
            s[start..start + s[start..].find("#else").unwrap()].to_owned()
        };
        let dir = tree(&[("versions.c", source.as_bytes())]);
        let before = run_in(dir.path(), &["--format", "json"]);
        // Only MPI_Type_hvector, outside the branch: MPI_UB, MPI_Type_struct and
        // MPI_Type_extent are what MPI-1 and MPI-2 libraries have.
        let found: Vec<(u64, String)> = json_of(&before)["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| (d["line"].as_u64().unwrap(), d["rule"].to_string()))
            .collect();
        assert_eq!(
            found,
            [(22, "\"deprecated-api\"".to_owned())],
            "{}",
            stdout(&before)
        );

        let o = run_in(dir.path(), &["--fix", "--unsafe-fixes"]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
        let fixed = fs::read_to_string(dir.path().join("versions.c")).unwrap();
        assert_eq!(old_branch(&fixed), old_branch(source));
        assert!(fixed.contains("    MPI_Type_create_hvector(2, 1, extent, padded, &pair);"));
        assert_compiles(dir.path());
    }

    #[test]
    fn fix_through_a_symbolic_link_fixes_its_target_and_keeps_the_link() {
        let dir = tree(&[("src/real.c", text(DEPRECATED).as_bytes())]);
        std::os::unix::fs::symlink("src/real.c", dir.path().join("link.c")).unwrap();
        let o = run_in(dir.path(), &["--fix", "link.c"]);
        assert_exit(&o, 0);
        let link = dir.path().join("link.c");
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(fs::read_link(&link).unwrap(), Path::new("src/real.c"));
        let fixed = fs::read_to_string(dir.path().join("src/real.c")).unwrap();
        assert!(fixed.contains("MPI_Type_create_hvector"), "{fixed}");
    }

    #[test]
    fn fix_keeps_hard_links_owner_and_mode() {
        use std::os::unix::fs::MetadataExt;
        let dir = tree(&[
            ("linked.c", text(DEPRECATED).as_bytes()),
            ("theirs.c", text(DEPRECATED).as_bytes()),
        ]);
        let path = |name: &str| dir.path().join(name);
        fs::hard_link(path("linked.c"), path("twin.c")).unwrap();
        fs::set_permissions(path("linked.c"), fs::Permissions::from_mode(0o640)).unwrap();
        // Another user's file (only root can give one away; elsewhere, the file stays ours).
        let theirs = std::os::unix::fs::chown(path("theirs.c"), Some(4242), Some(4242)).is_ok();
        if !theirs {
            eprintln!("not root: the owner of a fixed file is checked with our own");
        }
        let before = |name: &str| fs::metadata(path(name)).unwrap();
        let (linked, owner) = (before("linked.c"), before("theirs.c"));

        let o = run_in(dir.path(), &["--fix", "linked.c", "theirs.c"]);
        assert_exit(&o, 0);
        let after = fs::metadata(path("linked.c")).unwrap();
        assert_eq!(
            (after.ino(), after.nlink()),
            (linked.ino(), 2),
            "a hard link split"
        );
        assert_eq!(after.mode() & 0o7777, 0o640);
        let twin = fs::read_to_string(path("twin.c")).unwrap();
        assert!(twin.contains("MPI_Type_create_hvector"), "{twin}");
        let after = fs::metadata(path("theirs.c")).unwrap();
        assert_eq!((after.uid(), after.gid()), (owner.uid(), owner.gid()));
        assert_eq!(after.mode(), owner.mode());
        let fixed = fs::read_to_string(path("theirs.c")).unwrap();
        assert!(fixed.contains("MPI_Type_create_hvector"), "{fixed}");
    }

    #[test]
    fn fix_refuses_a_read_only_file_and_counts_only_what_it_wrote() {
        let original = text(DEPRECATED);
        let dir = tree(&[
            ("read_only.c", original.as_bytes()),
            ("writable.c", original.as_bytes()),
        ]);
        let read_only = dir.path().join("read_only.c");
        fs::set_permissions(&read_only, fs::Permissions::from_mode(0o444)).unwrap();
        let o = run_in(dir.path(), &["--fix"]);
        assert_exit(&o, 2);
        let told = stderr(&o);
        assert!(told.contains("read_only.c: read-only; not fixed"), "{told}");
        assert!(told.contains("fixed 2 findings"), "{told}");
        assert_eq!(fs::read_to_string(&read_only).unwrap(), original);
        let fixed = fs::read_to_string(dir.path().join("writable.c")).unwrap();
        assert!(fixed.contains("MPI_Type_create_hvector"), "{fixed}");
    }

    #[test]
    fn one_file_reached_by_several_paths_is_linted_and_fixed_once() {
        let dir = tree(&[("a.c", text(DEPRECATED).as_bytes())]);
        std::os::unix::fs::symlink("a.c", dir.path().join("alias.c")).unwrap();
        let paths = ["a.c", "./a.c", "alias.c", "."];
        let o = run_in(dir.path(), &[&["--format", "json"], &paths[..]].concat());
        assert_exit(&o, 1);
        assert_eq!(
            diagnostics(&o),
            vec![("a.c".to_owned(), "deprecated-api".to_owned()); 2]
        );
        assert_eq!(json_of(&o)["summary"]["files"], 1);

        let o = run_in(dir.path(), &[&["--fix"], &paths[..]].concat());
        assert_exit(&o, 0);
        assert!(stderr(&o).contains("fixed 2 findings"), "{}", stderr(&o));
    }

    /// A declaration, or a statement after it, added to the body of an if, else, for, while
    /// or do without braces: braces go around them.
    #[test]
    fn bodies_without_braces_get_them() {
        let declarations = "testdata/rules/deprecated-api/mpi1_extent_braceless_bodies.c";
        let commit = "testdata/rules/missing-commit/commit_in_braceless_loop.c";
        let dir = tree(&[
            ("declarations.c", text(declarations).as_bytes()),
            ("commit.c", text(commit).as_bytes()),
        ]);
        let o = run_in(dir.path(), &["--fix"]);
        assert_exit(&o, 0);
        let fixed = fs::read_to_string(dir.path().join("declarations.c")).unwrap();
        assert!(
            fixed.contains(
                "    if (asked) { // the extent only when asked\n        MPI_Aint e_lb;\n"
            ),
            "{fixed}"
        );
        let fixed = fs::read_to_string(dir.path().join("commit.c")).unwrap();
        assert!(
            fixed.contains("        MPI_Type_commit(&column);\n    }\n"),
            "{fixed}"
        );
        assert_compiles(dir.path());
    }

    /// The new variables of MPI_Type_extent's fix, two in one block and one whose name would
    /// hide a variable of the block around it.
    #[test]
    fn new_variables_neither_clash_nor_hide() {
        let names = "testdata/rules/deprecated-api/mpi1_extent_new_names.c";
        let dir = tree(&[("names.c", text(names).as_bytes())]);
        let o = run_in(dir.path(), &["--fix"]);
        assert_exit(&o, 0);
        let fixed = fs::read_to_string(dir.path().join("names.c")).unwrap();
        // The `e_lb` printed after the call in the inner block is still the outer one.
        assert!(!fixed.contains("MPI_Aint e_lb;"), "{fixed}");
        assert_compiles(dir.path());
    }

    #[test]
    fn fix_and_diff_report_what_remains_in_the_chosen_format() {
        let fixed = fixtures();
        let o = run_in(fixed.path(), &["--fix", "--format", "json"]);
        assert_exit(&o, 1);
        let after_fix = json_of(&o);
        let lint = run_in(fixed.path(), &["--format", "json"]);
        assert_eq!(
            after_fix,
            json_of(&lint),
            "--fix reports what a lint finds after it"
        );

        // --diff: what would remain, the same, and the diff in the summary.
        let untouched = fixtures();
        let before = contents(untouched.path());
        let o = run_in(untouched.path(), &["--diff", "--format", "json"]);
        assert_exit(&o, 1);
        let mut after_diff = json_of(&o);
        let diff = after_diff["summary"]
            .as_object_mut()
            .unwrap()
            .remove("diff")
            .unwrap();
        assert!(
            diff.as_str()
                .unwrap()
                .contains("+++ mpi1_hvector_transpose.c\n"),
            "{diff}"
        );
        assert_eq!(after_diff, after_fix);

        let (schemas, index) = super::formats::sarif_validator();
        let o = run_in(untouched.path(), &["--diff", "--format", "sarif"]);
        let log = json_of(&o);
        schemas.validate(&log, index).expect("valid SARIF");
        assert_eq!(log["runs"][0]["properties"]["diff"], diff);
        assert_eq!(
            log["runs"][0]["results"].as_array().unwrap().len(),
            after_fix["diagnostics"].as_array().unwrap().len()
        );

        // Line formats: the diff, then the findings (warnings, and the error no fix reaches:
        // a commit missing inside a statement macro); nothing else.
        for (format, finding) in [
            ("gcc", [": warning: ", ": error: "]),
            ("github", ["::warning file=", "::error file="]),
        ] {
            let o = run_in(untouched.path(), &["--diff", "--format", format]);
            let out = stdout(&o);
            let (diff_part, findings) = out.split_at(diff.as_str().unwrap().len());
            assert_eq!(diff_part, diff, "{format}");
            let lines: Vec<&str> = findings.lines().collect();
            assert_eq!(
                lines.len(),
                after_fix["diagnostics"].as_array().unwrap().len()
            );
            assert!(
                lines.iter().all(|l| finding.iter().any(|f| l.contains(f))),
                "{format}: {findings}"
            );
        }
        assert_eq!(contents(untouched.path()), before, "--diff wrote files");
    }
}
