//! End to end through a real editor: headless Neovim (Debian's 0.7) starts `mpi-dtype-lint lsp`,
//! opens a fixture, waits for diagnostics and renders a hover. Skipped when `nvim` is missing,
//! unless CI is set (then it fails: .ci/install-test-deps installs it).

mod lsp_harness;

use std::path::{Path, PathBuf};
use std::process::Command;

use lsp_harness::position_of;

fn nvim_available() -> bool {
    let found = Command::new("nvim").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "nvim is missing on CI (.ci/install-test-deps installs it)"
        );
        eprintln!("skipped: nvim is not installed");
    }
    found
}

/// The hover at the first `needle` (plus `skip` characters) of a testdata fixture, as Neovim
/// renders it, after the first diagnostics; the first line counts the diagnostics.
fn hover_in_nvim(fixture: &str, needle: &str, skip: usize) -> Vec<String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file: PathBuf = manifest.join("../testdata").join(fixture);
    let text = std::fs::read_to_string(&file).unwrap();
    let (line, column) = position_of(&text, needle, skip);
    let out = tempfile::NamedTempFile::new().unwrap();
    let status = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!(
            "luafile {}",
            manifest.join("tests/nvim/hover.lua").display()
        ))
        .env("E2E_SERVER", env!("CARGO_BIN_EXE_mpi-dtype-lint"))
        .env("E2E_FILE", &file)
        .env("E2E_LINE", line.to_string())
        .env("E2E_COLUMN", column.to_string())
        .env("E2E_OUT", out.path())
        .status()
        .expect("nvim runs");
    let rendered = std::fs::read_to_string(out.path()).unwrap();
    assert!(status.success(), "nvim failed: {rendered}");
    rendered.lines().map(str::to_owned).collect()
}

#[test]
fn fixed_form_fortran_hover_shows_the_exact_extent_and_size() {
    if !nvim_available() {
        return;
    }
    let rendered = hover_in_nvim(
        "fortran/seed_4_13_section3d.f",
        "a(1,3,2), 1, threeslice",
        14,
    );
    assert_eq!(rendered[0], "diagnostics: 3", "{rendered:#?}");
    assert!(rendered
        .iter()
        .any(|l| l.starts_with("**`threeslice`**: committed here: yes")));
    assert!(
        rendered
            .iter()
            .any(|l| l.starts_with("size 2916, extent 323268 (lb 0, ub 323268)")),
        "{rendered:#?}"
    );
    assert!(rendered.iter().any(|l| l == "signature: `729 x MPI_REAL`"));
}

#[test]
fn c_hover_shows_the_exact_extent_and_size() {
    if !nvim_available() {
        return;
    }
    let rendered = hover_in_nvim("c/seed_4_17_particles.c", "NPART, Particlestride, rank", 7);
    assert_eq!(rendered[0], "diagnostics: 0", "{rendered:#?}");
    assert!(
        rendered
            .iter()
            .any(|l| l.starts_with("size 59, extent 64 (lb 0, ub 64)")),
        "{rendered:#?}"
    );
}
