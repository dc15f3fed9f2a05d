//! Generated source trees for the benchmarks, deterministic from a seed.
//!
//! - [`Kind::MpiDense`]: every file builds MPI derived datatypes: C (half the files), free-form
//!   Fortran (`.f90`) and fixed-form Fortran (`.f`). Functions build struct, resized, vector,
//!   indexed (from loops that fill displacement arrays) and subarray types, commit, communicate
//!   and free them; a known share of them carries one planted bug each (see [`Bug`]).
//! - [`Kind::MostlyNotMpi`]: ordinary numerical C and Fortran; 1% of the files are MPI-dense.
//! - [`Kind::CDense`]: the C files of `MpiDense` only (for the side by side with clang-tidy).
//!
//! Used by `cli_throughput` and `clang_tidy`, with the runner of the command ([`lint`]); not a
//! benchmark itself.

#![allow(dead_code)] // each bench uses its own part

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The number in environment variable `name`, or `default`.
pub fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The bugs planted in MPI-dense files, one per buggy function, with the rule that finds each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bug {
    /// A `double` buffer sent as `MPI_INT` (clang-tidy's `mpi-type-mismatch` can see this one).
    BufferType,
    /// A derived type used in `MPI_Send` before `MPI_Type_commit`.
    MissingCommit,
    /// A struct type covering the first fields only, sent with count > 1 without resizing.
    Extent,
    /// `MPI_Type_struct`/`MPI_TYPE_STRUCT`, removed in MPI-3.0.
    Deprecated,
    /// A type freed, then used.
    UseAfterFree,
    /// Fortran: struct displacements in default INTEGER.
    AddressKind,
}

impl Bug {
    pub const ALL: [Bug; 6] = [
        Bug::BufferType,
        Bug::MissingCommit,
        Bug::Extent,
        Bug::Deprecated,
        Bug::UseAfterFree,
        Bug::AddressKind,
    ];

    /// The rule of mpi-dtype-lint that reports it.
    pub fn rule(self) -> &'static str {
        match self {
            Bug::BufferType => "buffer-type-mismatch",
            Bug::MissingCommit => "missing-commit",
            Bug::Extent => "extent-mismatch",
            Bug::Deprecated => "deprecated-api",
            Bug::UseAfterFree => "use-after-free",
            Bug::AddressKind => "address-kind",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    MpiDense,
    MostlyNotMpi,
    CDense,
    /// C only, 1% of the files use datatypes.
    CMostlyNotMpi,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::MpiDense => "mpi-dense",
            Kind::MostlyNotMpi => "mostly-not-mpi",
            Kind::CDense => "c-dense",
            Kind::CMostlyNotMpi => "c-mostly-not-mpi",
        }
    }
}

/// What a generated tree holds.
#[derive(Debug, Default)]
pub struct Tree {
    pub root: PathBuf,
    pub files: usize,
    pub bytes: u64,
    pub c_files: Vec<PathBuf>,
    /// Bugs planted, by kind, in C and in Fortran files.
    pub planted_c: Vec<(Bug, usize)>,
    pub planted_fortran: Vec<(Bug, usize)>,
}

impl Tree {
    pub fn planted(&self, bug: Bug, c_only: bool) -> usize {
        let count = |v: &[(Bug, usize)]| v.iter().filter(|(b, _)| *b == bug).map(|(_, n)| n).sum();
        let c: usize = count(&self.planted_c);
        if c_only {
            c
        } else {
            c + count(&self.planted_fortran)
        }
    }
}

/// Writes a tree of about `bytes` bytes under `dir` (emptied first), in directories of 50 files.
pub fn generate(dir: &Path, kind: Kind, bytes: u64, seed: u64) -> Tree {
    let _ = std::fs::remove_dir_all(dir);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tree = Tree {
        root: dir.to_path_buf(),
        ..Tree::default()
    };
    let mut planted_c = std::collections::BTreeMap::new();
    let mut planted_f = std::collections::BTreeMap::new();
    while tree.bytes < bytes {
        let i = tree.files;
        let mpi = match kind {
            Kind::MostlyNotMpi | Kind::CMostlyNotMpi => i % 100 == 99,
            _ => true,
        };
        let lang = match kind {
            Kind::CDense | Kind::CMostlyNotMpi => 0,
            _ => rng.gen_range(0..10),
        };
        let size = 4_000 + rng.gen_range(0..12_000) as usize;
        let (ext, text, bugs) = match (lang, mpi) {
            (0..=4, true) => ("c", c_mpi(&mut rng, i, size), Bugs::C),
            (0..=4, false) => ("c", c_plain(&mut rng, i, size), Bugs::None),
            (5..=7, true) => ("f90", f90_mpi(&mut rng, i, size), Bugs::Fortran),
            (5..=7, false) => ("f90", f90_plain(&mut rng, i, size), Bugs::None),
            (_, true) => ("f", f77_mpi(&mut rng, i, size), Bugs::Fortran),
            (_, false) => ("f", f77_plain(&mut rng, i, size), Bugs::None),
        };
        let sub = dir.join(format!("d{:04}", i / 50));
        std::fs::create_dir_all(&sub).unwrap();
        let path = sub.join(format!("unit{i:06}.{ext}"));
        std::fs::write(&path, &text.0).unwrap();
        let planted = match bugs {
            Bugs::C => &mut planted_c,
            Bugs::Fortran => &mut planted_f,
            Bugs::None => &mut std::collections::BTreeMap::new(),
        };
        for bug in text.1 {
            *planted.entry(bug).or_insert(0) += 1;
        }
        if ext == "c" {
            tree.c_files.push(path);
        }
        tree.files += 1;
        tree.bytes += text.0.len() as u64;
    }
    tree.planted_c = planted_c.into_iter().collect();
    tree.planted_fortran = planted_f.into_iter().collect();
    tree
}

enum Bugs {
    C,
    Fortran,
    None,
}

/// One in four functions of an MPI-dense file carries a bug.
fn pick_bug(rng: &mut ChaCha8Rng, choices: &[Bug]) -> Option<Bug> {
    (rng.gen_range(0..4) == 0).then(|| choices[rng.gen_range(0..choices.len() as u64) as usize])
}

fn c_mpi(rng: &mut ChaCha8Rng, file: usize, size: usize) -> (String, Vec<Bug>) {
    let mut s = String::from(
        "#include <mpi.h>\n#include <stddef.h>\n#include <stdlib.h>\n\n#define NX 64\n#define HALO 2\n\n\
         typedef struct {\n    int id;\n    double pos[3];\n    double vel[3];\n    float w;\n    char tag[5];\n} rec_t;\n\n",
    );
    let mut bugs = Vec::new();
    let mut f = 0;
    while s.len() < size {
        let bug = pick_bug(
            rng,
            &[
                Bug::BufferType,
                Bug::MissingCommit,
                Bug::Extent,
                Bug::Deprecated,
                Bug::UseAfterFree,
            ],
        );
        bugs.extend(bug);
        let tag = rng.gen_range(0..100);
        let n = 8 + rng.gen_range(0..120);
        let commit = if bug == Some(Bug::MissingCommit) {
            ""
        } else {
            "    MPI_Type_commit(&t);\n"
        };
        let free_early = if bug == Some(Bug::UseAfterFree) {
            "    MPI_Type_free(&t);\n"
        } else {
            ""
        };
        let template = match bug {
            Some(Bug::Extent) => 0,
            Some(Bug::Deprecated) => 1,
            _ => rng.gen_range(0..4),
        };
        match template {
            // Struct of the first fields: resized to the record unless the bug is planted.
            0 => {
                let resize = if bug == Some(Bug::Extent) {
                    "    t = s;\n"
                } else {
                    "    MPI_Type_create_resized(s, 0, sizeof(rec_t), &t);\n    MPI_Type_free(&s);\n"
                };
                let _ = write!(
                    s,
                    "void records_{file}_{f}(rec_t *recs, int dest, MPI_Comm comm)\n{{\n\
                     \x20   int bl[2] = {{1, 3}};\n\
                     \x20   MPI_Aint disp[2] = {{offsetof(rec_t, id), offsetof(rec_t, pos)}};\n\
                     \x20   MPI_Datatype types[2] = {{MPI_INT, MPI_DOUBLE}};\n\
                     \x20   MPI_Datatype s, t;\n\
                     \x20   MPI_Type_create_struct(2, bl, disp, types, &s);\n{resize}{commit}{free_early}\
                     \x20   MPI_Send(recs, {n}, t, dest, {tag}, comm);\n\
                     {}}}\n\n",
                    if free_early.is_empty() { "    MPI_Type_free(&t);\n" } else { "" }
                );
            }
            // The MPI-1 struct constructor, or the current one.
            1 => {
                let ctor = if bug == Some(Bug::Deprecated) {
                    "MPI_Type_struct"
                } else {
                    "MPI_Type_create_struct"
                };
                let _ = write!(
                    s,
                    "void pair_{file}_{f}(rec_t *recs, int dest, MPI_Comm comm)\n{{\n\
                     \x20   int bl[3] = {{1, 3, 3}};\n\
                     \x20   MPI_Aint disp[3] = {{offsetof(rec_t, id), offsetof(rec_t, pos), offsetof(rec_t, vel)}};\n\
                     \x20   MPI_Datatype types[3] = {{MPI_INT, MPI_DOUBLE, MPI_DOUBLE}};\n\
                     \x20   MPI_Datatype s, t;\n\
                     \x20   {ctor}(3, bl, disp, types, &s);\n\
                     \x20   MPI_Type_create_resized(s, 0, sizeof(rec_t), &t);\n\
                     \x20   MPI_Type_free(&s);\n{commit}{free_early}\
                     \x20   MPI_Send(recs, {n}, t, dest, {tag}, comm);\n\
                     {}}}\n\n",
                    if free_early.is_empty() { "    MPI_Type_free(&t);\n" } else { "" }
                );
            }
            // A halo column: vector of a 2-D array with ghosts.
            2 => {
                let _ = write!(
                    s,
                    "void halo_{file}_{f}(double grid[NX + 2 * HALO][NX + 2 * HALO], int up, int down, MPI_Comm comm)\n{{\n\
                     \x20   MPI_Datatype t;\n\
                     \x20   MPI_Type_vector(NX, HALO, NX + 2 * HALO, MPI_DOUBLE, &t);\n{commit}{free_early}\
                     \x20   MPI_Sendrecv(&grid[HALO][HALO], 1, t, up, {tag}, &grid[HALO][NX + HALO], 1, t, down, {tag}, comm, MPI_STATUS_IGNORE);\n\
                     {}}}\n\n",
                    if free_early.is_empty() { "    MPI_Type_free(&t);\n" } else { "" }
                );
            }
            // Indexed from a loop that fills the displacements; then a subarray.
            _ => {
                let m = 4 + rng.gen_range(0..28);
                let _ = write!(
                    s,
                    "void gather_{file}_{f}(double *a, int src, MPI_Comm comm)\n{{\n\
                     \x20   int len[{m}], disp[{m}];\n\
                     \x20   MPI_Datatype t, sub;\n\
                     \x20   for (int k = 0; k < {m}; k++) {{\n        len[k] = 1 + k % 3;\n        disp[k] = 4 * k;\n    }}\n\
                     \x20   MPI_Type_indexed({m}, len, disp, MPI_DOUBLE, &t);\n{commit}{free_early}\
                     \x20   MPI_Recv(a, 1, t, src, {tag}, comm, MPI_STATUS_IGNORE);\n\
                     {}\
                     \x20   int sizes[2] = {{NX + 2 * HALO, NX + 2 * HALO}}, sub_sizes[2] = {{NX, NX}}, starts[2] = {{HALO, HALO}};\n\
                     \x20   MPI_Type_create_subarray(2, sizes, sub_sizes, starts, MPI_ORDER_C, MPI_DOUBLE, &sub);\n\
                     \x20   MPI_Type_commit(&sub);\n\
                     \x20   MPI_Bcast(a, 1, sub, src, comm);\n\
                     \x20   MPI_Type_free(&sub);\n}}\n\n",
                    if free_early.is_empty() { "    MPI_Type_free(&t);\n" } else { "" }
                );
            }
        }
        if bug == Some(Bug::BufferType) {
            let _ = write!(
                s,
                "void plain_{file}_{f}(int dest, MPI_Comm comm)\n{{\n\
                 \x20   double field[{n}];\n\
                 \x20   for (int i = 0; i < {n}; i++)\n        field[i] = 0.5 * i;\n\
                 \x20   MPI_Send(field, {n}, MPI_INT, dest, {tag}, comm);\n}}\n\n"
            );
        }
        f += 1;
    }
    (s, bugs)
}

fn c_plain(rng: &mut ChaCha8Rng, file: usize, size: usize) -> (String, Vec<Bug>) {
    let mut s = String::from(
        "#include <math.h>\n#include <stdlib.h>\n#include <string.h>\n\n#define N 128\n\n\
         struct particle {\n    double x, y, z;\n    double m;\n    int id;\n};\n\n",
    );
    let mut f = 0;
    while s.len() < size {
        let k = rng.gen_range(0..7) + 2;
        let _ = write!(
            s,
            "static double kernel_{file}_{f}(const struct particle *p, int n, double h)\n{{\n\
             \x20   double sum = 0.0;\n\
             \x20   for (int i = 0; i < n; i++) {{\n\
             \x20       double r2 = p[i].x * p[i].x + p[i].y * p[i].y + p[i].z * p[i].z;\n\
             \x20       if (r2 < h * h)\n            sum += p[i].m * pow(1.0 - r2 / (h * h), {k});\n\
             \x20   }}\n    return sum;\n}}\n\n\
             void smooth_{file}_{f}(double *u, const double *v, int n)\n{{\n\
             \x20   for (int i = 1; i < n - 1; i++)\n        u[i] = 0.25 * v[i - 1] + 0.5 * v[i] + 0.25 * v[i + 1];\n\
             \x20   memcpy(u, v, sizeof(double));\n}}\n\n"
        );
        f += 1;
    }
    (s, Vec::new())
}

fn f90_mpi(rng: &mut ChaCha8Rng, file: usize, size: usize) -> (String, Vec<Bug>) {
    let mut s = format!("module halo_{file}\n  use mpi\n  implicit none\n  integer, parameter :: nx = 64, halo = 2\ncontains\n\n");
    let mut bugs = Vec::new();
    let mut f = 0;
    while s.len() < size {
        let bug = pick_bug(
            rng,
            &[
                Bug::MissingCommit,
                Bug::Deprecated,
                Bug::UseAfterFree,
                Bug::AddressKind,
            ],
        );
        bugs.extend(bug);
        let n = 8 + rng.gen_range(0..120);
        let tag = rng.gen_range(0..100);
        let commit = if bug == Some(Bug::MissingCommit) {
            ""
        } else {
            "    call MPI_Type_commit(t, ierr)\n"
        };
        let (free_early, free_late) = if bug == Some(Bug::UseAfterFree) {
            ("    call MPI_Type_free(t, ierr)\n", "")
        } else {
            ("", "    call MPI_Type_free(t, ierr)\n")
        };
        if rng.gen_range(0..2) == 0 && bug != Some(Bug::Deprecated) && bug != Some(Bug::AddressKind)
        {
            let _ = write!(
                s,
                "  subroutine column_{f}(a, dest)\n\
                 \x20   double precision, intent(inout) :: a(nx + 2 * halo, nx + 2 * halo)\n\
                 \x20   integer, intent(in) :: dest\n\
                 \x20   integer :: t, ierr\n\
                 \x20   call MPI_Type_vector(nx, 1, nx + 2 * halo, MPI_DOUBLE_PRECISION, t, ierr)\n{commit}{free_early}\
                 \x20   call MPI_Send(a(halo + 1, halo + 1), 1, t, dest, {tag}, MPI_COMM_WORLD, ierr)\n{free_late}\
                 \x20 end subroutine column_{f}\n\n"
            );
        } else {
            let (disp_decl, ctor) = match bug {
                Some(Bug::AddressKind) => ("    integer :: disp(2)\n", "MPI_Type_create_struct"),
                Some(Bug::Deprecated) => ("    integer :: disp(2)\n", "MPI_Type_struct"),
                _ => (
                    "    integer(kind=MPI_ADDRESS_KIND) :: disp(2)\n",
                    "MPI_Type_create_struct",
                ),
            };
            let _ = write!(
                s,
                "  subroutine particles_{f}(x, dest)\n\
                 \x20   double precision, intent(in) :: x(4, {n})\n\
                 \x20   integer, intent(in) :: dest\n\
                 \x20   integer :: t, ierr\n\
                 \x20   integer :: bl(2), types(2)\n{disp_decl}\
                 \x20   bl = (/ 3, 1 /)\n\
                 \x20   disp = (/ 0, 24 /)\n\
                 \x20   types = (/ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION /)\n\
                 \x20   call {ctor}(2, bl, disp, types, t, ierr)\n{commit}{free_early}\
                 \x20   call MPI_Send(x, 1, t, dest, {tag}, MPI_COMM_WORLD, ierr)\n{free_late}\
                 \x20 end subroutine particles_{f}\n\n"
            );
        }
        f += 1;
    }
    let _ = writeln!(s, "end module halo_{file}");
    (s, bugs)
}

fn f90_plain(rng: &mut ChaCha8Rng, file: usize, size: usize) -> (String, Vec<Bug>) {
    let mut s = format!("module physics_{file}\n  implicit none\ncontains\n\n");
    let mut f = 0;
    while s.len() < size {
        let k = rng.gen_range(0..9) + 1;
        let _ = write!(
            s,
            "  subroutine relax_{f}(u, v, n)\n\
             \x20   integer, intent(in) :: n\n\
             \x20   double precision, intent(inout) :: u(n)\n\
             \x20   double precision, intent(in) :: v(n)\n\
             \x20   integer :: i\n\
             \x20   do i = 2, n - 1\n\
             \x20     u(i) = 0.25d0 * v(i - 1) + 0.5d0 * v(i) + 0.25d0 * v(i + 1) + {k}.0d-3\n\
             \x20   end do\n\
             \x20 end subroutine relax_{f}\n\n"
        );
        f += 1;
    }
    let _ = writeln!(s, "end module physics_{file}");
    (s, Vec::new())
}

fn f77_mpi(rng: &mut ChaCha8Rng, file: usize, size: usize) -> (String, Vec<Bug>) {
    let mut s = String::new();
    let mut bugs = Vec::new();
    let mut f = 0;
    while s.len() < size {
        let bug = pick_bug(
            rng,
            &[Bug::MissingCommit, Bug::Deprecated, Bug::UseAfterFree],
        );
        bugs.extend(bug);
        let n = 8 + rng.gen_range(0..60);
        let commit = if bug == Some(Bug::MissingCommit) {
            ""
        } else {
            "      CALL MPI_TYPE_COMMIT(NEWT, IERR)\n"
        };
        let (free_early, free_late) = if bug == Some(Bug::UseAfterFree) {
            ("      CALL MPI_TYPE_FREE(NEWT, IERR)\n", "")
        } else {
            ("", "      CALL MPI_TYPE_FREE(NEWT, IERR)\n")
        };
        let build = if bug == Some(Bug::Deprecated) {
            "      CALL MPI_TYPE_HVECTOR(NROW, 1, 8 * LDA, MPI_DOUBLE_PRECISION,\n     &                     NEWT, IERR)\n"
        } else {
            "      CALL MPI_TYPE_VECTOR(NROW, 1, LDA, MPI_DOUBLE_PRECISION,\n     &                     NEWT, IERR)\n"
        };
        let _ = write!(
            s,
            "C     Send one row of the matrix to DEST.\n\
             \x20     SUBROUTINE ROW{file}X{f}(A, DEST)\n\
             \x20     INCLUDE 'mpif.h'\n\
             \x20     INTEGER LDA, NROW\n\
             \x20     PARAMETER (LDA = {lda}, NROW = {n})\n\
             \x20     DOUBLE PRECISION A(LDA, NROW)\n\
             \x20     INTEGER DEST, NEWT, IERR\n{build}{commit}{free_early}\
             \x20     CALL MPI_SEND(A(1, 1), 1, NEWT, DEST, {tag}, MPI_COMM_WORLD,\n\
             \x20    &              IERR)\n{free_late}\
             \x20     END\n\n",
            lda = n + 4,
            tag = rng.gen_range(0..100),
        );
        f += 1;
    }
    (s, bugs)
}

fn f77_plain(rng: &mut ChaCha8Rng, file: usize, size: usize) -> (String, Vec<Bug>) {
    let mut s = String::new();
    let mut f = 0;
    while s.len() < size {
        let _ = write!(
            s,
            "C     Jacobi sweep.\n\
             \x20     SUBROUTINE JAC{file}X{f}(U, V, N)\n\
             \x20     INTEGER N, I\n\
             \x20     DOUBLE PRECISION U(N), V(N)\n\
             \x20     DO 10 I = 2, N - 1\n\
             \x20        U(I) = 0.25D0 * V(I - 1) + 0.5D0 * V(I) + 0.25D0 * V(I + 1)\n\
             \x20    &        + {k}.0D-3\n\
             \x20  10 CONTINUE\n\
             \x20     END\n\n",
            k = rng.gen_range(0..9) + 1
        );
        f += 1;
    }
    (s, Vec::new())
}

/// Where the benches put their trees: `target/bench-corpus/NAME`.
pub fn corpus_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/bench-corpus")
        .join(name)
}

/// The release binary under test.
pub const EXE: &str = env!("CARGO_BIN_EXE_mpi-dtype-lint");

/// One run of the command over a tree.
pub struct Run {
    pub seconds: f64,
    /// Peak resident set of the child in MB, when `/usr/bin/time` is there.
    pub peak_mb: Option<f64>,
    pub findings: BTreeMap<String, usize>,
    pub status: i32,
}

/// Runs `mpi-dtype-lint --format json PATH` with `threads` rayon threads.
pub fn lint(path: &Path, threads: usize) -> Run {
    let time_out = std::env::temp_dir().join(format!("mpi-dtype-lint-time-{}", std::process::id()));
    let timed = Path::new("/usr/bin/time").exists();
    let mut command = if timed {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%M", "-o"]).arg(&time_out).arg(EXE);
        c
    } else {
        Command::new(EXE)
    };
    command
        .args(["--format", "json", "--no-ignore"])
        .arg(path)
        .env("RAYON_NUM_THREADS", threads.to_string())
        .stdin(Stdio::null())
        .stderr(Stdio::null());
    let start = Instant::now();
    let output = command.output().expect("running mpi-dtype-lint");
    let seconds = start.elapsed().as_secs_f64();
    let status = output.status.code().unwrap_or(-1);
    assert!(
        status == 0 || status == 1,
        "mpi-dtype-lint exited with {status}"
    );
    let peak_mb = timed
        .then(|| std::fs::read_to_string(&time_out).ok())
        .flatten()
        .and_then(|s| s.lines().last()?.trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON output");
    let mut findings = BTreeMap::new();
    for d in json["diagnostics"].as_array().into_iter().flatten() {
        *findings
            .entry(d["rule"].as_str().unwrap_or("?").to_owned())
            .or_insert(0) += 1;
    }
    Run {
        seconds,
        peak_mb,
        findings,
        status,
    }
}

/// Drops the page cache (root only); true when it worked.
pub fn drop_caches() -> bool {
    let _ = Command::new("sync").status();
    std::fs::write("/proc/sys/vm/drop_caches", "3").is_ok()
}

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
