//! Adversarial trees through the command line: whatever the files hold, `mpi-dtype-lint`
//! answers with findings or notes and exits 0, 1 or 2, never 101 (a panic). The analysis of
//! such inputs is timed by analyzer/tests/adversarial.rs (figures in BENCHMARKS.md).

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;

/// Long enough for any run here; a run that waits for ever fails the test instead.
const PATIENCE: Duration = Duration::from_secs(60);

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::write(dir.join(name), bytes).unwrap();
}

/// Runs `mpi-dtype-lint --format json` on `dir`; the exit status and the JSON and stderr.
fn lint(dir: &Path, extra: &[&str]) -> (i32, Value, String) {
    let output = Command::cargo_bin("mpi-dtype-lint")
        .unwrap()
        .args(["--format", "json", "--no-ignore"])
        .args(extra)
        .arg(dir)
        .timeout(PATIENCE)
        .output()
        .unwrap();
    let status = output.status.code().expect("killed by a signal");
    assert_ne!(
        status,
        101,
        "panicked: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    (
        status,
        json,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const DEPTH: usize = 100_000;

#[test]
fn a_tree_of_hostile_files_is_linted_with_notes_and_no_panic() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut binary = b"\x7fELF\x02\x01\x01\0\0\0".to_vec();
    binary.extend((0..1 << 16).map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
    write(d, "binary.c", &binary);
    write(d, "object.f90", &binary);
    write(d, "latin1.c", b"/* caf\xe9 \xff */\nvoid f(void) { MPI_Datatype t; MPI_Type_contiguous(2, MPI_INT, &t); MPI_Send(0, 1, t, 0, 0, MPI_COMM_WORLD); }\n");
    let big = "int filler_variable_of_some_length = 42; /* padding the file out */\n"
        .repeat(50 * 1024 * 1024 / 70 + 1);
    write(d, "big.c", big.as_bytes());
    write(
        d,
        "parens.c",
        format!("int x = {}1{};\n", "(".repeat(DEPTH), ")".repeat(DEPTH)).as_bytes(),
    );
    write(
        d,
        "braces.c",
        format!("void f(void) {{ {} }}\n", "{".repeat(DEPTH)).as_bytes(),
    );
    write(
        d,
        "ifs.c",
        format!("{}int x;\n", "#if 1\n".repeat(DEPTH)).as_bytes(),
    );
    write(
        d,
        "macros.c",
        b"#define A A\n#define F(x) F(F(x))\nvoid f(void) { MPI_Datatype t; MPI_Type_contiguous(F(A), MPI_INT, &t); }\n",
    );
    write(
        d,
        "loops.c",
        b"void f(void) { int d[4]; MPI_Datatype t; for (long i = 0; i < 1000000000000L; i++) d[i % 4] = 1; MPI_Type_contiguous(d[0], MPI_INT, &t); }\n",
    );
    write(
        d,
        "huge.c",
        b"void f(void) { MPI_Datatype a, b, c; MPI_Type_vector_c(1073741824, 1, 2, MPI_CHAR, &a); MPI_Type_create_resized(a, 0, 1, &c); MPI_Type_vector_c(1073741824, 1, 1, c, &b); MPI_Type_contiguous_c(9223372036854775807, MPI_DOUBLE, &c); }\n",
    );
    let long_lines = format!(
        "      SUBROUTINE S\n{}      END\n",
        format!("      X = 1{}\n", " + 1".repeat(2_500)).repeat(100)
    );
    write(d, "long.f", long_lines.as_bytes());
    write(
        d,
        "deep.f90",
        format!(
            "program p\n x = {}1{}\nend program\n",
            "(".repeat(DEPTH),
            ")".repeat(DEPTH)
        )
        .as_bytes(),
    );

    let (status, json, stderr) = lint(d, &[]);
    assert!(status == 0 || status == 1, "status {status}: {stderr}");
    assert!(json["diagnostics"].is_array(), "{stderr}");
    assert!(
        stderr.contains("binary.c: binary file; skipped"),
        "{stderr}"
    );
    assert!(
        stderr.contains("object.f90: binary file; skipped"),
        "{stderr}"
    );
    assert!(stderr.contains("big.c"), "{stderr}");
    // The `types` command goes through the same files.
    let output = Command::cargo_bin("mpi-dtype-lint")
        .unwrap()
        .args(["types", "--format", "json"])
        .arg(d)
        .output()
        .unwrap();
    assert_ne!(output.status.code(), Some(101));
    let types: Value = serde_json::from_slice(&output.stdout).unwrap();
    let huge = types["types"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "b")
        .expect("the 2^60-entry type");
    assert_eq!(huge["size"], 1u64 << 60);
}

#[test]
fn unreadable_and_odd_paths_are_errors_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let (status, _, _) = lint(&dir.path().join("missing.c"), &[]);
    assert_eq!(status, 2);
    write(dir.path(), "empty.c", b"");
    write(dir.path(), "nul.f", b"\0");
    let (status, _, _) = lint(dir.path(), &[]);
    assert_eq!(status, 0);
}

/// An array sized by itself once overflowed the stack (SIGABRT, exit 134).
#[test]
fn an_array_sized_by_itself_is_analysed() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "self_sized.c",
        b"#include <mpi.h>\ndouble u[4];\nvoid f(void)\n{\n    double u[sizeof(u) / sizeof(double)];\n    int a[sizeof(a)];\n    MPI_Send(u, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);\n}\n",
    );
    let (status, json, _) = lint(dir.path(), &[]);
    assert_eq!(status, 0, "{json}");
    assert_eq!(json["summary"]["files"], 1);
}

/// A FIFO at `path`: opening it for reading waits for a writer, which never comes.
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
}

const SEND: &[u8] = b"void f(void) { MPI_Datatype t; MPI_Type_contiguous(2, MPI_INT, &t); MPI_Type_commit(&t); MPI_Type_free(&t); }\n";

/// `--config` and `--compile-commands` naming a FIFO once waited for ever.
#[test]
fn a_fifo_given_as_configuration_is_an_error_not_a_wait() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.c", SEND);
    mkfifo(&d.join("pipe"));
    let pipe = d.join("pipe").display().to_string();
    for flag in ["--config", "--compile-commands"] {
        let (status, _, stderr) = lint(&d.join("a.c"), &[flag, &pipe]);
        assert_eq!(status, 2, "{flag}: {stderr}");
        assert!(
            stderr.contains("pipe: a FIFO, not a regular file"),
            "{flag}: {stderr}"
        );
    }
}

/// A 2 GiB file (sparse: it takes no room) to lint, to include and to link to, in a process
/// that cannot map 1 GiB: it was read whole (2.1 GB, 23 s) before being found too large; its
/// size now refuses it unread.
#[test]
fn a_file_too_large_is_refused_by_its_size_unread() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let big = std::fs::File::create(d.join("big.c")).unwrap();
    big.set_len(2 << 30).unwrap();
    std::os::unix::fs::symlink(d.join("big.c"), d.join("link.c")).unwrap();
    write(
        d,
        "main.c",
        &[b"#include \"big.c\"\n".as_slice(), SEND].concat(),
    );
    let output = Command::new("sh")
        .args(["-c", "ulimit -v 1048576 && exec \"$@\"", "sh"])
        .arg(assert_cmd::cargo::cargo_bin("mpi-dtype-lint"))
        .args(["--format", "json"])
        .arg(d)
        .timeout(PATIENCE)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let note = "big.c: 2147483648 bytes is larger than the 16777216 bytes read; skipped";
    assert!(stderr.contains(note), "{stderr}");
    // The link is the same file: taken once, under the first path in order.
    assert!(!stderr.contains("link.c"), "{stderr}");
}

/// `/proc/kmsg` is a regular file to the kernel, and a plain read of it waits for the next
/// kernel message: included, or linked to in the tree, it hung the run for ever. It can be
/// opened only where the kernel log may be read (as root, as CI runs).
#[test]
fn a_kernel_file_that_blocks_is_not_waited_for() {
    let kmsg = Path::new("/proc/kmsg");
    if std::fs::File::open(kmsg).is_err() {
        eprintln!("/proc/kmsg cannot be opened here: nothing to test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "main.c",
        &[b"#include \"/proc/kmsg\"\n".as_slice(), SEND].concat(),
    );
    std::os::unix::fs::symlink(kmsg, d.join("kmsg.c")).unwrap();
    let (status, _, stderr) = lint(d, &[]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stderr.contains("kmsg.c: reading it waits for more, as a device's does; skipped"),
        "{stderr}"
    );
}

/// `levels` headers (or Fortran include files), each including the next 20 times, under a main
/// file that includes the first 20 times: 20^6 inclusions without a budget over them all.
fn fan_out(d: &Path, name: impl Fn(usize) -> String, include: fn(&str) -> String) {
    const LEVELS: usize = 5;
    for level in 1..=LEVELS {
        let body = if level == LEVELS {
            String::new()
        } else {
            include(&name(level + 1)).repeat(20)
        };
        write(d, &name(level), body.as_bytes());
    }
}

#[test]
fn include_fan_out_stops_at_the_files_budget() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fan_out(
        d,
        |level| format!("h{level}.h"),
        |name| format!("#include \"{name}\"\n"),
    );
    let c_includes = "#include \"h1.h\"\n".repeat(20);
    write(d, "main.c", &[c_includes.as_bytes(), SEND].concat());
    fan_out(
        d,
        |level| format!("f{level}.inc"),
        |name| format!("      include '{name}'\n"),
    );
    let fortran = format!(
        "      program p\n{}      integer t, ierr\n      call MPI_Type_contiguous(2, MPI_INTEGER, t, ierr)\n      end\n",
        "      include 'f1.inc'\n".repeat(20)
    );
    write(d, "main.f", fortran.as_bytes());
    let (status, _, stderr) = lint(d, &[]);
    assert!(status == 0 || status == 1, "status {status}: {stderr}");
    for file in ["main.c", "main.f"] {
        let notes = stderr
            .lines()
            .filter(|l| l.contains(file) && l.contains("every include after it not read"))
            .count();
        assert_eq!(notes, 1, "{file}: {stderr}");
    }
}
