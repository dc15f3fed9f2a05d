//! Compiling and running oracle programs against the installed MPI libraries.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lib {
    Mpich,
    OpenMpi,
}

impl Lib {
    pub const ALL: [Lib; 2] = [Lib::Mpich, Lib::OpenMpi];

    pub fn name(self) -> &'static str {
        match self {
            Lib::Mpich => "MPICH",
            Lib::OpenMpi => "Open MPI",
        }
    }

    pub fn cc(self) -> &'static str {
        match self {
            Lib::Mpich => "mpicc.mpich",
            Lib::OpenMpi => "mpicc.openmpi",
        }
    }

    fn tag(self) -> &'static str {
        match self {
            Lib::Mpich => "mpich",
            Lib::OpenMpi => "ompi",
        }
    }
}

/// What a library reported for one type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub size: i128,
    pub lb: i128,
    pub extent: i128,
    pub true_lb: i128,
    pub true_extent: i128,
    pub packed: Packed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Packed {
    /// Byte offsets in pack order, as (start, len) runs; `None`: bytes the library never wrote.
    Runs(Vec<(Option<i128>, i128)>),
    /// Not packed (empty, or too big).
    Skipped,
    /// Packing failed.
    Failed(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok(Measured),
    /// A constructor (step = handle index) or a query (step >= 1000) returned an error.
    Error {
        step: i64,
        rc: i64,
        msg: String,
    },
    /// The program died while handling this type.
    Crash(String),
}

/// Is the command on PATH?
pub fn have(cmd: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {cmd} >/dev/null 2>&1"))
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

static SERIAL: AtomicUsize = AtomicUsize::new(0);

/// A fresh scratch directory under /tmp/oracle.
pub fn scratch_dir(what: &str) -> PathBuf {
    let n = SERIAL.fetch_add(1, Ordering::SeqCst);
    let dir =
        std::env::temp_dir()
            .join("oracle")
            .join(format!("{}-{}-{n}", std::process::id(), what));
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

fn ompi_env(cmd: &mut Command) {
    cmd.env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        // Keep Open MPI quiet and local.
        .env("OMPI_MCA_btl", "self")
        .env("OMPI_MCA_plm_rsh_agent", "false");
}

/// Compiles `source` (file name `file`) with `compiler`; panics with the compiler output on
/// failure, since a program the harness generated must compile.
pub fn compile(compiler: &str, dir: &Path, file: &str, source: &str, extra: &[&str]) -> PathBuf {
    let src = dir.join(file);
    std::fs::write(&src, source).expect("write source");
    let exe = dir.join(format!("{file}.exe"));
    let out = Command::new(compiler)
        .args(["-O0", "-w"])
        .args(extra)
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    assert!(
        out.status.success(),
        "{compiler} failed on {}:\n{}",
        src.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Runs a singleton MPI program; returns (stdout, success, diagnostic).
pub fn run_singleton(lib: Lib, exe: &Path, args: &[String]) -> (String, bool, String) {
    let mut cmd = Command::new(exe);
    cmd.args(args).stdin(Stdio::null());
    if lib == Lib::OpenMpi {
        ompi_env(&mut cmd);
        // A session directory of its own: runs in parallel share one under /tmp otherwise.
        if let Some(dir) = exe.parent() {
            cmd.env("TMPDIR", dir);
        }
    }
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let ok = out.status.success() && stdout.contains("END\n");
    if !ok && lib == Lib::OpenMpi && !stdout.contains("T ") && !stdout.contains("E ") {
        // Singleton init failed: fall back to mpirun.
        let mut cmd = Command::new("mpirun.openmpi");
        cmd.args(["--allow-run-as-root", "--oversubscribe", "-np", "1"])
            .arg(exe)
            .args(args);
        ompi_env(&mut cmd);
        if let Ok(out2) = cmd.stdin(Stdio::null()).output() {
            let stdout2 = String::from_utf8_lossy(&out2.stdout).into_owned();
            if stdout2.contains("T ") || stdout2.contains("E ") || stdout2.contains("END\n") {
                let ok2 = out2.status.success() && stdout2.contains("END\n");
                return (
                    stdout2,
                    ok2,
                    format!(
                        "{:?} {}",
                        out2.status,
                        String::from_utf8_lossy(&out2.stderr)
                    ),
                );
            }
        }
    }
    let diag = format!(
        "{:?}; stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    (stdout, ok, diag)
}

fn parse_runs(words: &[&str]) -> Option<Vec<(Option<i128>, i128)>> {
    words
        .iter()
        .map(|w| {
            let (a, b) = w.split_once(':')?;
            let start = if a == "?" {
                None
            } else {
                Some(a.parse().ok()?)
            };
            Some((start, b.parse().ok()?))
        })
        .collect()
}

impl Packed {
    /// The packed bytes' source offsets, one per byte (`None`: never written).
    pub fn bytes(&self) -> Option<Vec<Option<i128>>> {
        let Packed::Runs(runs) = self else {
            return None;
        };
        let mut v = Vec::new();
        for &(start, len) in runs {
            for k in 0..len {
                v.push(start.map(|s| s + k));
            }
        }
        Some(v)
    }
}

/// Parses the output lines of a batch program into `results`; returns the index of the last
/// case the program began.
pub fn parse_output(stdout: &str, results: &mut BTreeMap<usize, Outcome>) -> Option<usize> {
    let mut begun = None;
    for line in stdout.lines() {
        // Library warnings may share a line's start; lines we wrote start with a tag.
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first() {
            Some(&"B") if words.len() == 2 => begun = words[1].parse().ok(),
            Some(&"T") if words.len() >= 7 => {
                let num = |i: usize| words[i].parse::<i128>().ok();
                let (Some(id), Some(size), Some(lb), Some(extent), Some(tlb), Some(text)) =
                    (num(1), num(2), num(3), num(4), num(5), num(6))
                else {
                    continue;
                };
                let packed = match words.get(7).copied().unwrap_or("") {
                    "" => Packed::Failed("the program died in MPI_Pack".into()),
                    "P" => match parse_runs(&words[8..]) {
                        Some(r) => Packed::Runs(r),
                        None => Packed::Failed(format!("unparsable: {line}")),
                    },
                    "NP" => Packed::Skipped,
                    _ => Packed::Failed(words[7..].join(" ")),
                };
                results.insert(
                    id as usize,
                    Outcome::Ok(Measured {
                        size,
                        lb,
                        extent,
                        true_lb: tlb,
                        true_extent: text,
                        packed,
                    }),
                );
            }
            Some(&"E") if words.len() >= 4 => {
                let (Ok(id), Ok(step), Ok(rc)) = (
                    words[1].parse::<usize>(),
                    words[2].parse(),
                    words[3].parse(),
                ) else {
                    continue;
                };
                results.insert(
                    id,
                    Outcome::Error {
                        step,
                        rc,
                        msg: words[4..].join(" "),
                    },
                );
            }
            _ => {}
        }
    }
    begun
}

/// Compiles and runs one C batch program for `ids` (in the program's order) under `lib`,
/// restarting after a crash with the case after the one that crashed.
pub fn run_c_batch(lib: Lib, name: &str, source: &str, ids: &[usize]) -> BTreeMap<usize, Outcome> {
    let dir = scratch_dir(&format!("{name}-{}", lib.tag()));
    let exe = compile(lib.cc(), &dir, &format!("{name}.c"), source, &[]);
    let mut results = BTreeMap::new();
    let mut start = 0usize;
    let mut attempts = 0;
    while start < ids.len() {
        attempts += 1;
        let (stdout, ok, diag) = run_singleton(lib, &exe, &[start.to_string()]);
        let begun = parse_output(&stdout, &mut results);
        if ok {
            break;
        }
        // The last case begun is the one that crashed (or, with no case begun, MPI_Init).
        let Some(i) = begun.filter(|&i| i < ids.len()) else {
            panic!(
                "{}: {name} died before its first case: {diag}\n{stdout}",
                lib.name()
            )
        };
        let why: String = diag.chars().take(300).collect();
        match results.get_mut(&ids[i]) {
            Some(Outcome::Ok(m)) => {
                m.packed = Packed::Failed(format!("the program died in MPI_Pack: {why}"))
            }
            _ => {
                results.insert(ids[i], Outcome::Crash(why));
            }
        }
        start = i + 1;
        assert!(
            attempts < 200,
            "{}: too many crashes in {name}: {diag}",
            lib.name()
        );
    }
    if std::env::var_os("ORACLE_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    results
}
