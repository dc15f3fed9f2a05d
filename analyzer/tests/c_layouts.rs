//! C layouts and standard headers on every target: `sizeof`, `_Alignof` and `offsetof` of
//! bit-fields, GNU attributes, flexible array members, complex types, and the types and macros of
//! the standard headers, each evaluated by the analysis under each target and compared with the
//! value the target's compiler gives, pinned below.
//!
//! The pinned values were measured with Debian bookworm's gcc 12 (native, `-m32`, and the
//! `aarch64-linux-gnu` and `powerpc64le-linux-gnu` cross compilers) and clang 14
//! `--target=x86_64-pc-windows-msvc` (for the cases without system headers, which that
//! target's runtime provides; the MSVC header values are from its documentation). Where those
//! compilers are installed, the test measures again and fails on any difference; set
//! `C_LAYOUTS_PRINT=1` to print the measured table.
//!
//! A value written `?N` is one the analysis must leave unknown (the compiler's options decide:
//! i686's `off_t` follows `_FILE_OFFSET_BITS`), `-` one the target does not have.

use std::path::Path;
use std::process::Command;

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::dtype::MpiModel;
use analyzer::layout::Target;
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;

/// The compilers that measured each target of [`Target::ALL`], in its order.
const COMPILERS: [&[&str]; 5] = [
    &["gcc"],
    &["gcc", "-m32"],
    &["aarch64-linux-gnu-gcc"],
    &["powerpc64le-linux-gnu-gcc"],
    &["clang-14", "--target=x86_64-pc-windows-msvc"],
];

struct Case {
    name: &'static str,
    /// Declarations before the measured expressions.
    prelude: &'static str,
    /// Each expression and its value per target, in [`Target::ALL`]'s order.
    values: &'static [(&'static str, [&'static str; 5])],
}

const CASES: &[Case] = &[
    Case {
        name: "standard typedefs",
        prelude: "#include <stddef.h>\n#include <stdint.h>\n#include <stdbool.h>\n#include <sys/types.h>\n#include <time.h>\n#include <stdio.h>\n",
        values: &[
            ("sizeof(size_t)", ["8", "4", "8", "8", "8"]),
            ("sizeof(ptrdiff_t)", ["8", "4", "8", "8", "8"]),
            ("sizeof(ssize_t)", ["8", "4", "8", "8", "-"]),
            ("sizeof(off_t)", ["8", "?4", "8", "8", "-"]),
            ("sizeof(time_t)", ["8", "?4", "8", "8", "8"]),
            ("sizeof(pid_t)", ["4", "4", "4", "4", "-"]),
            ("sizeof(wchar_t)", ["4", "4", "4", "4", "2"]),
            ("sizeof(bool)", ["1", "1", "1", "1", "1"]),
            ("sizeof(intptr_t)", ["8", "4", "8", "8", "8"]),
            ("sizeof(uintptr_t)", ["8", "4", "8", "8", "8"]),
            ("sizeof(intmax_t)", ["8", "8", "8", "8", "8"]),
            ("_Alignof(intmax_t)", ["8", "4", "8", "8", "8"]),
            ("sizeof(int8_t)", ["1", "1", "1", "1", "1"]),
            ("sizeof(uint16_t)", ["2", "2", "2", "2", "2"]),
            ("sizeof(int32_t)", ["4", "4", "4", "4", "4"]),
            ("sizeof(uint64_t)", ["8", "8", "8", "8", "8"]),
            ("_Alignof(int64_t)", ["8", "4", "8", "8", "8"]),
            ("sizeof(int_least8_t)", ["1", "1", "1", "1", "1"]),
            ("sizeof(int_least16_t)", ["2", "2", "2", "2", "2"]),
            ("sizeof(uint_least32_t)", ["4", "4", "4", "4", "4"]),
            ("sizeof(int_least64_t)", ["8", "8", "8", "8", "8"]),
            ("sizeof(int_fast8_t)", ["1", "1", "1", "1", "1"]),
            ("sizeof(int_fast16_t)", ["8", "4", "8", "8", "4"]),
            ("sizeof(uint_fast32_t)", ["8", "4", "8", "8", "4"]),
            ("sizeof(int_fast64_t)", ["8", "8", "8", "8", "8"]),
            ("_Alignof(int_fast64_t)", ["8", "4", "8", "8", "8"]),
            ("sizeof(uid_t)", ["4", "4", "4", "4", "-"]),
            ("sizeof(mode_t)", ["4", "4", "4", "4", "-"]),
            ("sizeof(clock_t)", ["8", "4", "8", "8", "4"]),
        ],
    },
    Case {
        name: "large file offsets",
        prelude: "#define _FILE_OFFSET_BITS 64\n#include <sys/types.h>\n",
        values: &[
            ("sizeof(off_t)", ["8", "8", "8", "8", "-"]),
            ("_Alignof(off_t)", ["8", "4", "8", "8", "-"]),
        ],
    },
    Case {
        name: "limits",
        prelude: "#include <limits.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n",
        values: &[
            ("CHAR_BIT", ["8", "8", "8", "8", "8"]),
            ("CHAR_MAX", ["127", "127", "255", "255", "127"]),
            ("SCHAR_MAX", ["127", "127", "127", "127", "127"]),
            ("UCHAR_MAX", ["255", "255", "255", "255", "255"]),
            ("SHRT_MAX", ["32767", "32767", "32767", "32767", "32767"]),
            ("USHRT_MAX", ["65535", "65535", "65535", "65535", "65535"]),
            ("INT_MAX / 1000000", ["2147", "2147", "2147", "2147", "2147"]),
            ("-(INT_MIN / 1000000)", ["2147", "2147", "2147", "2147", "2147"]),
            ("UINT_MAX / 1000000", ["4294", "4294", "4294", "4294", "4294"]),
            ("LONG_MAX / 1000000 / 1000000 / 1000", ["9223", "0", "9223", "9223", "0"]),
            ("ULONG_MAX / 1000000 / 1000000 / 1000", ["18446", "0", "18446", "18446", "0"]),
            ("LLONG_MAX / 1000000 / 1000000 / 1000000", ["9", "9", "9", "9", "9"]),
            ("PATH_MAX", ["4096", "4096", "4096", "4096", "-"]),
            ("NAME_MAX", ["255", "255", "255", "255", "-"]),
            ("SSIZE_MAX / 1000000 / 1000000", ["9223372", "0", "9223372", "9223372", "-"]),
            ("SIZE_MAX / 1000000 / 1000000 / 1000", ["18446", "0", "18446", "18446", "18446"]),
            ("INT32_MAX / 1000000", ["2147", "2147", "2147", "2147", "2147"]),
            ("UINT16_MAX", ["65535", "65535", "65535", "65535", "65535"]),
            ("INT64_MAX / 1000000 / 1000000 / 1000000", ["9", "9", "9", "9", "9"]),
            ("PTRDIFF_MAX / 1000000 / 1000000", ["9223372", "0", "9223372", "9223372", "9223372"]),
            ("EOF + 2", ["1", "1", "1", "1", "1"]),
            ("SEEK_END", ["2", "2", "2", "2", "2"]),
            ("BUFSIZ", ["8192", "8192", "8192", "8192", "-"]),
            ("FILENAME_MAX", ["4096", "4096", "4096", "4096", "-"]),
            ("RAND_MAX / 1000000", ["2147", "2147", "2147", "2147", "-"]),
            ("EXIT_FAILURE", ["1", "1", "1", "1", "1"]),
        ],
    },
    Case {
        name: "complex.h",
        prelude: "#include <complex.h>\nstruct zc { char c; double complex z; float complex w; long double complex l; };\n",
        values: &[
            ("sizeof(double complex)", ["16", "16", "16", "16", "-"]),
            ("sizeof(float complex)", ["8", "8", "8", "8", "-"]),
            ("sizeof(long double complex)", ["32", "24", "32", "32", "-"]),
            ("_Alignof(double complex)", ["8", "4", "8", "8", "-"]),
            ("sizeof(struct zc)", ["64", "52", "64", "64", "-"]),
            ("offsetof(struct zc, z)", ["8", "4", "8", "8", "-"]),
            ("offsetof(struct zc, w)", ["24", "20", "24", "24", "-"]),
            ("offsetof(struct zc, l)", ["32", "28", "32", "32", "-"]),
            ("_Alignof(struct zc)", ["16", "4", "16", "16", "-"]),
        ],
    },
    Case {
        name: "_Complex",
        prelude: "struct zk { char c; double _Complex z; _Complex float w; };\n",
        values: &[
            ("sizeof(struct zk)", ["32", "28", "32", "32", "32"]),
            ("offsetof(struct zk, z)", ["8", "4", "8", "8", "8"]),
            ("offsetof(struct zk, w)", ["24", "20", "24", "24", "24"]),
            ("_Alignof(struct zk)", ["8", "4", "8", "8", "8"]),
        ],
    },
    Case {
        name: "vector types",
        prelude: "typedef double v4d __attribute__((vector_size(32)));\ntypedef int v4si __attribute__((__vector_size__(16)));\ntypedef float v2f __attribute__((vector_size(8)));\ntypedef char v64 __attribute__((vector_size(64)));\ntypedef double v2d4 __attribute__((vector_size(16))) __attribute__((aligned(4)));\nstruct vs { char c; v4d a; v2f b; v64 d; };\nstruct vm { char c; int v __attribute__((vector_size(16))); v2d4 w; };\n",
        values: &[
            ("sizeof(v4d)", ["32", "32", "32", "32", "32"]),
            ("_Alignof(v4d)", ["?16", "?16", "16", "?16", "32"]),
            ("sizeof(v4si)", ["16", "16", "16", "16", "16"]),
            ("_Alignof(v4si)", ["16", "16", "16", "16", "16"]),
            ("sizeof(v2f)", ["8", "8", "8", "8", "8"]),
            ("_Alignof(v64)", ["?16", "?16", "16", "?16", "64"]),
            ("sizeof(struct vs)", ["192", "192", "128", "192", "192"]),
            ("offsetof(struct vs, a)", ["32", "32", "16", "32", "32"]),
            ("offsetof(struct vs, b)", ["64", "64", "48", "64", "64"]),
            ("offsetof(struct vs, d)", ["128", "128", "64", "128", "128"]),
            ("_Alignof(struct vs)", ["?16", "?16", "16", "?16", "64"]),
            ("sizeof(struct vm)", ["48", "48", "48", "48", "?48"]),
            ("offsetof(struct vm, v)", ["16", "16", "16", "16", "?16"]),
            ("offsetof(struct vm, w)", ["32", "32", "32", "32", "?32"]),
            ("_Alignof(v2d4)", ["4", "4", "4", "4", "?4"]),
        ],
    },
    Case {
        name: "aligned and packed",
        prelude: "typedef double ad16 __attribute__((aligned(16)));\ntypedef double ad4 __attribute__((aligned(4)));\nstruct __attribute__((packed)) p1 { char c; int i; };\nstruct q1 { char c; int i __attribute__((aligned(16))); };\nstruct q2 { char c; int i __attribute__((aligned(2))); };\nstruct q3 { char c; int i __attribute__((packed)); double d; };\nstruct q4 { char c; int i __attribute__((packed, aligned(2))); };\nstruct __attribute__((aligned(16))) q5 { char c; };\nstruct __attribute__((packed, aligned(4))) q6 { char c; double d; };\nunion __attribute__((packed)) u1 { char c; int i; };\nunion __attribute__((aligned(8))) u2 { char c; int i; };\ntypedef struct { char c; int i; } __attribute__((packed)) tp;\nstruct a1 { char c; ad16 x; ad4 y; };\nstruct m1 { char c; struct p1 p; union u1 u; };\n",
        values: &[
            ("sizeof(ad16)", ["8", "8", "8", "8", "?8"]),
            ("_Alignof(ad16)", ["16", "16", "16", "16", "?16"]),
            ("_Alignof(ad4)", ["4", "4", "4", "4", "?4"]),
            ("sizeof(struct p1)", ["5", "5", "5", "5", "5"]),
            ("_Alignof(struct p1)", ["1", "1", "1", "1", "1"]),
            ("sizeof(struct q1)", ["32", "32", "32", "32", "32"]),
            ("offsetof(struct q1, i)", ["16", "16", "16", "16", "16"]),
            ("sizeof(struct q2)", ["8", "8", "8", "8", "8"]),
            ("sizeof(struct q3)", ["16", "16", "16", "16", "16"]),
            ("offsetof(struct q3, d)", ["8", "8", "8", "8", "8"]),
            ("sizeof(struct q4)", ["6", "6", "6", "6", "6"]),
            ("offsetof(struct q4, i)", ["2", "2", "2", "2", "2"]),
            ("sizeof(struct q5)", ["16", "16", "16", "16", "16"]),
            ("sizeof(struct q6)", ["12", "12", "12", "12", "12"]),
            ("_Alignof(struct q6)", ["4", "4", "4", "4", "4"]),
            ("sizeof(union u1)", ["4", "4", "4", "4", "4"]),
            ("_Alignof(union u1)", ["1", "1", "1", "1", "1"]),
            ("sizeof(union u2)", ["8", "8", "8", "8", "8"]),
            ("_Alignof(union u2)", ["8", "8", "8", "8", "8"]),
            ("sizeof(tp)", ["5", "5", "5", "5", "5"]),
            ("sizeof(struct a1)", ["32", "32", "32", "32", "?32"]),
            ("offsetof(struct a1, x)", ["16", "16", "16", "16", "?16"]),
            ("offsetof(struct a1, y)", ["24", "24", "24", "24", "?24"]),
            ("sizeof(struct m1)", ["10", "10", "10", "10", "10"]),
            ("offsetof(struct m1, u)", ["6", "6", "6", "6", "6"]),
        ],
    },
    Case {
        name: "enums",
        prelude: "enum __attribute__((packed)) e1 { A1, B1 };\nenum __attribute__((packed)) e2 { A2 = -1, B2 = 200 };\nenum __attribute__((__packed__)) e3 { A3 = 70000 };\nenum e4 { A4 = 1 } __attribute__((packed));\ntypedef enum { A5 = 300 } __attribute__((packed)) e5;\nenum e7 { A7 = 0x100000000LL };\nenum __attribute__((packed)) e8 { A8 = -129 };\nenum __attribute__((packed)) e9 { A9 = 255 };\nenum e12 { A12 = -1, B12 = 0x80000000 };\nenum e13 { A13, B13 = 0xffffffffu };\nstruct es { char c; enum e1 a; enum e2 b; e5 d; enum e7 e; };\n",
        values: &[
            ("sizeof(enum e1)", ["1", "1", "1", "1", "?4"]),
            ("sizeof(enum e2)", ["2", "2", "2", "2", "?4"]),
            ("sizeof(enum e3)", ["4", "4", "4", "4", "?4"]),
            ("sizeof(enum e4)", ["1", "1", "1", "1", "?4"]),
            ("sizeof(e5)", ["2", "2", "2", "2", "?4"]),
            ("sizeof(enum e7)", ["8", "8", "8", "8", "4"]),
            ("_Alignof(enum e7)", ["8", "4", "8", "8", "4"]),
            ("sizeof(enum e8)", ["2", "2", "2", "2", "?4"]),
            ("sizeof(enum e9)", ["1", "1", "1", "1", "?4"]),
            ("sizeof(enum e12)", ["8", "8", "8", "8", "4"]),
            ("sizeof(enum e13)", ["4", "4", "4", "4", "4"]),
            ("sizeof(struct es)", ["16", "16", "16", "16", "?20"]),
            ("offsetof(struct es, b)", ["2", "2", "2", "2", "?8"]),
            ("offsetof(struct es, e)", ["8", "8", "8", "8", "?16"]),
        ],
    },
    Case {
        name: "flexible array members",
        prelude: "struct f1 { int n; double d[]; };\nstruct f2 { char c; double d[0]; };\nstruct f3 { char c; short m[][3]; };\n",
        values: &[
            ("sizeof(struct f1)", ["8", "4", "8", "8", "8"]),
            ("offsetof(struct f1, d)", ["8", "4", "8", "8", "8"]),
            ("_Alignof(struct f1)", ["8", "4", "8", "8", "8"]),
            ("sizeof(struct f2)", ["8", "4", "8", "8", "8"]),
            ("sizeof(struct f3)", ["2", "2", "2", "2", "2"]),
            ("offsetof(struct f3, m)", ["2", "2", "2", "2", "2"]),
        ],
    },
    Case {
        name: "bit-fields",
        prelude: "struct b1 { unsigned a : 3; unsigned b : 30; char c; };\nstruct b2 { char c; unsigned a : 3; };\nstruct b3 { char c; long long a : 40; char d; };\nstruct b4 { char c; unsigned : 0; char d; };\nstruct b5 { char c; long long : 0; char d; };\nstruct b6 { char c; unsigned : 4; char d; };\nstruct b7 { char c; short a : 9; char d; };\nstruct b8 { char a : 4; short b : 12; int c : 20; };\nstruct b9 { char c; unsigned long long a : 3; };\nstruct b10 { int a : 1; double d; int b : 31; int c : 2; };\nstruct b11 { char c[5]; long long b : 40; };\nstruct b12 { unsigned char a : 4; unsigned char b : 5; unsigned char c : 7; };\nstruct b13 { char c; int : 0; };\nstruct b14 { short s; char c : 3; int i : 18; };\nstruct b15 { char c; _Bool b : 1; long l : 7; };\nstruct b16 { char c; long long a : 30; long long b : 30; };\nstruct b17 { char a : 3; long long : 0; char b; };\nstruct b18 { char a : 3; int : 0; char b : 2; };\nstruct b19 { int a : 3; char : 0; int b : 2; };\nstruct b20 { char a; unsigned short : 15; char b; };\nstruct b21 { unsigned a : 4; int n; unsigned b : 4; double d; };\nunion u1 { int a : 3; char b; };\nunion u2 { long long a : 20; };\nunion u3 { char a : 7; short b : 9; };\nunion u4 { char c; int : 5; };\n",
        values: &[
            ("sizeof(struct b1)", ["12", "12", "12", "12", "12"]),
            ("sizeof(struct b2)", ["4", "4", "4", "4", "8"]),
            ("sizeof(struct b3)", ["8", "8", "8", "8", "24"]),
            ("sizeof(struct b4)", ["5", "5", "8", "5", "2"]),
            ("sizeof(struct b5)", ["9", "5", "16", "9", "2"]),
            ("sizeof(struct b6)", ["3", "3", "4", "3", "12"]),
            ("sizeof(struct b7)", ["6", "6", "6", "6", "6"]),
            ("sizeof(struct b8)", ["8", "8", "8", "8", "8"]),
            ("sizeof(struct b9)", ["8", "4", "8", "8", "16"]),
            ("sizeof(struct b10)", ["24", "20", "24", "24", "24"]),
            ("sizeof(struct b11)", ["16", "12", "16", "16", "16"]),
            ("sizeof(struct b12)", ["3", "3", "3", "3", "3"]),
            ("sizeof(struct b13)", ["4", "4", "4", "4", "1"]),
            ("sizeof(struct b14)", ["8", "8", "8", "8", "8"]),
            ("sizeof(struct b15)", ["8", "4", "8", "8", "8"]),
            ("sizeof(struct b16)", ["16", "12", "16", "16", "16"]),
            ("sizeof(struct b17)", ["9", "5", "16", "9", "16"]),
            ("sizeof(struct b18)", ["5", "5", "8", "5", "8"]),
            ("sizeof(struct b19)", ["4", "4", "4", "4", "8"]),
            ("sizeof(struct b20)", ["5", "5", "6", "5", "6"]),
            ("sizeof(struct b21)", ["24", "20", "24", "24", "24"]),
            ("_Alignof(struct b3)", ["8", "4", "8", "8", "8"]),
            ("_Alignof(struct b4)", ["1", "1", "4", "1", "1"]),
            ("_Alignof(struct b6)", ["1", "1", "4", "1", "4"]),
            ("_Alignof(struct b9)", ["8", "4", "8", "8", "8"]),
            ("_Alignof(struct b13)", ["1", "1", "4", "1", "1"]),
            ("_Alignof(struct b15)", ["8", "4", "8", "8", "4"]),
            ("_Alignof(struct b20)", ["1", "1", "2", "1", "2"]),
            ("offsetof(struct b10, d)", ["8", "4", "8", "8", "8"]),
            ("offsetof(struct b21, n)", ["4", "4", "4", "4", "4"]),
            ("offsetof(struct b21, d)", ["16", "12", "16", "16", "16"]),
            ("sizeof(union u1)", ["4", "4", "4", "4", "4"]),
            ("_Alignof(union u1)", ["4", "4", "4", "4", "1"]),
            ("sizeof(union u2)", ["8", "4", "8", "8", "8"]),
            ("sizeof(union u3)", ["2", "2", "2", "2", "2"]),
            ("sizeof(union u4)", ["1", "1", "4", "1", "4"]),
            ("_Alignof(union u4)", ["1", "1", "4", "1", "1"]),
        ],
    },
];

/// The analysis's value of each expression under `target` (`None` when unknown).
fn analysed(case: &Case, target: Target) -> Vec<Option<i128>> {
    let mut source = format!(
        "{}\nvoid measure(void) {{\n  MPI_Datatype t;\n",
        case.prelude
    );
    let first_line = source.lines().count() as u32 + 1;
    for (expr, _) in case.values {
        source.push_str(&format!("  MPI_Type_contiguous({expr}, MPI_BYTE, &t);\n"));
    }
    source.push_str("}\n");
    let options = AnalysisOptions {
        target,
        model: MpiModel::Mpich,
        ..AnalysisOptions::default()
    };
    let analysis = analyze(&source, Language::C, &options, &mut NoIncludes);
    let reports = analysis.types();
    (0..case.values.len() as u32)
        .map(|i| {
            let report = reports.iter().find(|r| r.line == first_line + i)?;
            report.datatype.as_ref().map(|d| d.size())
        })
        .collect()
}

/// What `compiler` gives for each expression, read back from its assembly (`None` when it
/// does not compile the case, or has no such compiler).
fn measured(case: &Case, compiler: &[&str], dir: &Path) -> Option<Vec<i128>> {
    let mut source = format!("#include <stddef.h>\n{}\n", case.prelude);
    for (i, (expr, _)) in case.values.iter().enumerate() {
        source.push_str(&format!("long long measured_{i} = {expr};\n"));
    }
    let file = dir.join(format!("{}.c", case.name.replace(' ', "_")));
    std::fs::write(&file, source).ok()?;
    let out = Command::new(compiler[0])
        .args(&compiler[1..])
        .args(["-w", "-O0", "-S", "-o", "-"])
        .arg(&file)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let asm = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut values = vec![None; case.values.len()];
    let mut label: Option<usize> = None;
    for line in asm.lines() {
        let line = line.trim();
        if let Some(i) = line
            .strip_prefix("measured_")
            .and_then(|l| l.strip_suffix(':'))
        {
            label = i.parse().ok();
            continue;
        }
        let Some(i) = label else { continue };
        let mut words = line.split_whitespace();
        let directive = words.next().unwrap_or("");
        if [".quad", ".xword", ".8byte"].contains(&directive) {
            values[i] = words.next().and_then(|v| v.parse::<i128>().ok());
            label = None;
        } else if [".long", ".4byte", ".word"].contains(&directive) {
            // A 64-bit value as two 32-bit words, low first: every value measured fits the low one.
            values[i] = words.next().and_then(|v| v.parse::<i128>().ok());
            label = None;
        } else if directive == ".zero" {
            values[i] = Some(0);
            label = None;
        }
    }
    values.into_iter().collect()
}

fn parse_pinned(value: &str) -> (Option<i128>, Option<i128>) {
    match value {
        "-" => (None, None),
        _ => match value.strip_prefix('?') {
            Some(v) => (None, v.parse().ok()),
            None => {
                let v = value.parse().ok();
                (v, v)
            }
        },
    }
}

#[test]
fn layouts_match_the_targets_compilers() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_layouts");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let print = std::env::var("C_LAYOUTS_PRINT").is_ok();
    let mut failures = Vec::new();
    for case in CASES {
        for (t, target) in Target::ALL.into_iter().enumerate() {
            let ours = analysed(case, target);
            let theirs = measured(case, COMPILERS[t], &dir);
            for (i, (expr, pinned)) in case.values.iter().enumerate() {
                let (want, compiler) = parse_pinned(pinned[t]);
                if ours[i] != want {
                    failures.push(format!(
                        "{} on {target}: `{expr}` is {:?} in the analysis, pinned {}",
                        case.name, ours[i], pinned[t]
                    ));
                }
                if let Some(theirs) = &theirs {
                    if print {
                        println!("{} {target} `{expr}` = {}", case.name, theirs[i]);
                    }
                    if Some(theirs[i]) != compiler {
                        failures.push(format!(
                            "{} on {target}: `{expr}` is {} with {}, pinned {}",
                            case.name,
                            theirs[i],
                            COMPILERS[t].join(" "),
                            pinned[t]
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
