//! Adversarial trees through the command line: whatever the files hold, `mpi-dtype-lint`
//! answers with findings or notes and exits 0, 1 or 2, never 101 (a panic). The analysis of
//! such inputs is timed by analyzer/tests/adversarial.rs (figures in BENCHMARKS.md).

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

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
