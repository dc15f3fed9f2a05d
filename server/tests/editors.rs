//! The editor integrations under editors/: the VS Code extension builds into a .vsix and passes
//! its end-to-end test in code-server, the Neovim plugin passes its headless test against this
//! binary in Debian's Neovim 0.7.2 and in Neovim 0.11+, the Emacs setup passes its batch test
//! with Eglot, and the Helix snippet parses (Helix is not packaged in Debian 12).
//!
//! Tools that are not installed (node/npm, chromium, nvim, the newer Neovim, emacs with Eglot)
//! skip their test with a message, unless `CI` is set: then a missing tool is a failure
//! (`.ci/install-test-deps` installs them).

mod lsp_harness;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use lsp_harness::{fixture, position_of, Client};

const BINARY: &str = env!("CARGO_BIN_EXE_mpi-dtype-lint");

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("server/ has a parent")
        .to_path_buf()
}

fn editors_dir() -> PathBuf {
    repo_root().join("editors")
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
}

fn runs(program: &str, argument: &str) -> bool {
    Command::new(program)
        .arg(argument)
        .output()
        .is_ok_and(|output| output.status.success())
}

/// True when `program` runs; otherwise skips (false) or, in CI, fails.
fn require_tool(program: &str, test: &str) -> bool {
    if runs(program, "--version") {
        return true;
    }
    assert!(
        !in_ci(),
        "{test}: `{program}` is required in CI; run .ci/install-test-deps"
    );
    eprintln!("skipping {test}: `{program}` is not installed (CI is unset)");
    false
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn describe(output: &Output) -> String {
    format!(
        "{}\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Fenced blocks of `language` in a Markdown file. A block ends at a fence of at least as many
/// backticks as opened it, so a ````markdown block may hold ```text fences.
fn fenced_blocks(markdown: &str, language: &str) -> Vec<String> {
    let fence_of = |line: &str| line.len() - line.trim_start_matches('`').len();
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        let fence = fence_of(trimmed);
        match current.as_mut() {
            Some((opened, block)) if fence >= *opened && trimmed[fence..].trim().is_empty() => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some((_, block)) => {
                block.push_str(line);
                block.push('\n');
            }
            None if fence >= 3 && &trimmed[fence..] == language => {
                current = Some((fence, String::new()))
            }
            None => {}
        }
    }
    blocks
}

/// The binary accepts `flag value` (exit 0 or 1 = findings, never 2 = usage error).
fn binary_accepts(flag: &str, value: &str) -> bool {
    let fixture = repo_root().join("testdata/c/transpose_hvector.c");
    let output = Command::new(BINARY)
        .args([flag, value, "--quiet"])
        .arg(&fixture)
        .output()
        .expect("run mpi-dtype-lint");
    matches!(output.status.code(), Some(0 | 1))
}

// ---------------------------------------------------------------------------------------------
// editors/README.md

/// The server's hover at the first `needle` (plus `skip` characters) of a testdata file, opened
/// under its own name, and the titles of the code actions there.
async fn hover_and_actions(relative: &str, needle: &str, skip: usize) -> (String, Vec<String>) {
    let text = fixture(relative);
    let uri = format!(
        "file://{}",
        repo_root().join("testdata").join(relative).display()
    );
    let mut client = Client::default().await;
    client.open(&uri, "", &text).await;
    let (line, character) = position_of(&text, needle, skip);
    let hover = client.hover(&uri, line, character).await;
    let actions = client.code_actions(&uri, line, character).await;
    let titles = actions
        .as_array()
        .map(|actions| {
            actions
                .iter()
                .filter_map(|action| action["title"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let markdown = hover["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("{relative}: no Markdown hover at `{needle}`: {hover}"));
    (markdown.to_owned(), titles)
}

/// editors/README.md shows what the server and the command line say today: the hovers (the
/// first whole, the second's beginning), the code action's title and the `--format gcc` lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn editors_readme_shows_the_current_output() {
    let readme = read(&editors_dir().join("README.md"));
    let hovers = fenced_blocks(&readme, "markdown");
    assert_eq!(hovers.len(), 2, "editors/README.md: two hover blocks");

    let (hover, _) =
        hover_and_actions("fortran/seed_4_13_section3d.f", "threeslice, ierr", 0).await;
    assert_eq!(
        hovers[0].trim_end(),
        hover.trim_end(),
        "hover on threeslice"
    );
    let (_, titles_20) =
        hover_and_actions("fortran/seed_4_13_section3d.f", "MPI_TYPE_HVECTOR(9", 0).await;
    let action = titles_20
        .iter()
        .find(|title| title.starts_with("Replace with"))
        .unwrap_or_else(|| panic!("no replacement on line 20: {titles_20:?}"));
    // The README wraps its lines: compared with the spaces collapsed.
    let prose = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        prose.contains(&format!("\"{action}\"")),
        "editors/README.md does not show the code action \"{action}\""
    );

    let (hover, _) = hover_and_actions("c/transpose_hvector.c", "&col1r)", 1).await;
    assert!(
        hover.starts_with(hovers[1].trim_end()),
        "hover on col1r:\n{hover}\nthe README shows:\n{}",
        hovers[1]
    );

    let output = Command::new(BINARY)
        .args(["--format", "gcc", "testdata/fortran/seed_4_13_section3d.f"])
        .current_dir(repo_root())
        .output()
        .expect("run mpi-dtype-lint");
    let findings = String::from_utf8_lossy(&output.stdout);
    assert!(
        fenced_blocks(&readme, "text")
            .iter()
            .any(|block| block == findings.as_ref()),
        "editors/README.md does not show the command line's findings:\n{findings}"
    );
}

// ---------------------------------------------------------------------------------------------
// VS Code

fn vscode_manifest() -> serde_json::Value {
    let path = editors_dir().join("vscode/package.json");
    serde_json::from_str(&read(&path)).expect("editors/vscode/package.json is JSON")
}

#[test]
fn vscode_manifest_declares_settings_commands_and_languages() {
    let manifest = vscode_manifest();
    let properties = manifest["contributes"]["configuration"]["properties"]
        .as_object()
        .expect("contributes.configuration.properties");
    for setting in ["path", "target", "mpi", "select", "ignore", "trace.server"] {
        let key = format!("mpiDtypeLint.{setting}");
        assert!(
            properties.contains_key(&key),
            "setting {key} is not declared"
        );
    }
    // Every choice offered for target and MPI model is one the binary accepts.
    for (setting, flag) in [("target", "--target"), ("mpi", "--mpi")] {
        let choices = properties[&format!("mpiDtypeLint.{setting}")]["enum"]
            .as_array()
            .expect("an enum of choices");
        for choice in choices
            .iter()
            .filter_map(|c| c.as_str())
            .filter(|c| !c.is_empty())
        {
            assert!(
                binary_accepts(flag, choice),
                "mpi-dtype-lint rejects {flag} {choice}"
            );
        }
    }
    let commands: Vec<&str> = manifest["contributes"]["commands"]
        .as_array()
        .expect("contributes.commands")
        .iter()
        .filter_map(|c| c["command"].as_str())
        .collect();
    assert!(
        commands.contains(&"mpiDtypeLint.restartServer"),
        "no restart command: {commands:?}"
    );

    // The extension activates for exactly the languages its document selector serves.
    let activation: BTreeSet<&str> = manifest["activationEvents"]
        .as_array()
        .expect("activationEvents")
        .iter()
        .filter_map(|e| e.as_str()?.strip_prefix("onLanguage:"))
        .collect();
    let source = read(&editors_dir().join("vscode/src/extension.ts"));
    let ids = |name: &str| -> BTreeSet<String> {
        source
            .split_once(&format!(" {name} = ["))
            .and_then(|(_, rest)| rest.split_once("];"))
            .unwrap_or_else(|| panic!("{name} in extension.ts"))
            .0
            .split(',')
            .map(|item| item.trim().trim_matches('"').to_owned())
            .filter(|item| !item.is_empty())
            .collect()
    };
    let selector = ids("LANGUAGE_IDS");
    let headers = ids("HEADER_LANGUAGE_IDS");
    let served: BTreeSet<&str> = selector
        .iter()
        .chain(&headers)
        .map(String::as_str)
        .collect();
    assert_eq!(
        activation, served,
        "activationEvents differ from LANGUAGE_IDS and HEADER_LANGUAGE_IDS"
    );
    assert!(
        headers.contains("cpp"),
        "`.h` headers (C++ in VS Code) are not served"
    );
    for language in ["c", "FortranFreeForm", "FortranFixedForm", "fortran"] {
        assert!(
            selector.contains(language),
            "language id {language} is not served"
        );
    }
}

/// Runs editors/vscode/build.sh once for all the tests of this file (it cleans and rebuilds the
/// .vsix, so two runs at once would race): the .vsix, or build.sh's failure.
fn built_vsix() -> Result<PathBuf, String> {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let extension = editors_dir().join("vscode");
            let output = Command::new("bash")
                .arg(extension.join("build.sh"))
                .output()
                .expect("run editors/vscode/build.sh");
            if output.status.success() {
                Ok(extension.join("mpi-dtype-lint.vsix"))
            } else {
                Err(format!("build.sh failed: {}", describe(&output)))
            }
        })
        .clone()
}

#[test]
fn vscode_extension_builds_into_a_vsix() {
    if !require_tool("node", "vscode_extension_builds_into_a_vsix")
        || !require_tool("npm", "vscode_extension_builds_into_a_vsix")
    {
        return;
    }
    let vsix = built_vsix().unwrap_or_else(|failure| panic!("{failure}"));
    let archive = fs::read(&vsix).unwrap_or_else(|e| panic!("{}: {e}", vsix.display()));
    // A .vsix is a zip; its member names are stored as plain text.
    for member in [
        "extension/package.json",
        "extension/out/extension.js",
        "extension/out/config.js",
        "extension/node_modules/vscode-languageclient/package.json",
    ] {
        let found = archive
            .windows(member.len())
            .any(|window| window == member.as_bytes());
        assert!(found, "{} lacks {member}", vsix.display());
    }
    // The end-to-end test (test/e2e, with its code-server) is not part of the extension.
    let test_files = "extension/test/";
    assert!(
        !archive
            .windows(test_files.len())
            .any(|window| window == test_files.as_bytes()),
        "{} contains {test_files}",
        vsix.display()
    );
}

/// The extension in real VS Code: editors/vscode/test/e2e/run.sh installs code-server and the
/// .vsix (with `mpiDtypeLint.path` set to this binary), then drives it in chromium with
/// Playwright: diagnostics in the Problems panel, hovers, a quick fix, against the command line.
#[test]
fn vscode_extension_works_in_code_server() {
    const TEST: &str = "vscode_extension_works_in_code_server";
    // node-gyp builds code-server's native modules with make, g++ and python3.
    for tool in ["node", "npm", "chromium", "rg", "make", "g++", "python3"] {
        if !require_tool(tool, TEST) {
            return;
        }
    }
    let vsix = built_vsix().unwrap_or_else(|failure| panic!("{failure}"));
    let output = Command::new("bash")
        .arg(editors_dir().join("vscode/test/e2e/run.sh"))
        .env("MPI_DTYPE_LINT", BINARY)
        .env("VSIX", &vsix)
        .output()
        .expect("run editors/vscode/test/e2e/run.sh");
    assert!(
        output.status.success(),
        "VS Code end-to-end test failed: {}",
        describe(&output)
    );
}

// ---------------------------------------------------------------------------------------------
// Neovim

/// The newer Neovim `.ci/install-test-deps` unpacks (0.11+: the plugin's `vim.lsp.config` path),
/// beside Debian's 0.7.2 on PATH (the plugin's own `FileType` path).
fn newer_neovim() -> PathBuf {
    repo_root().join("target/test-tools/bin/nvim-0.12")
}

/// The Neovims to test: `nvim` on PATH and the newer one, each when it runs; a missing one
/// skips or, in CI, fails.
fn neovims(test: &str) -> Vec<String> {
    let newer = newer_neovim().to_string_lossy().into_owned();
    ["nvim".to_owned(), newer]
        .into_iter()
        .filter(|program| require_tool(program, test))
        .collect()
}

/// `(major, minor)` of a Neovim, from `nvim --version` ("NVIM v0.7.2").
fn neovim_version(program: &str) -> (u32, u32) {
    let output = Command::new(program)
        .arg("--version")
        .output()
        .expect("run nvim --version");
    let text = String::from_utf8_lossy(&output.stdout);
    let version = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("NVIM v"))
        .unwrap_or_else(|| panic!("{program} --version: {text}"));
    let mut numbers = version
        .split(['.', '-'])
        .map(|part| part.parse::<u32>().unwrap_or(0));
    (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0))
}

/// `mpi-dtype-lint lsp --help` describes the subcommand (not the top-level help).
fn lsp_subcommand_available() -> bool {
    Command::new(BINARY)
        .args(["lsp", "--help"])
        .output()
        .is_ok_and(|output| {
            output.status.success()
                && String::from_utf8_lossy(&output.stdout).contains("mpi-dtype-lint lsp")
        })
}

/// The plugin test (editors/nvim/test/run.sh) with each Neovim; it must take the
/// `vim.lsp.config`/`vim.lsp.enable` path from 0.11 on and its own before.
#[test]
fn neovim_plugin_attaches_and_hovers() {
    const TEST: &str = "neovim_plugin_attaches_and_hovers";
    let programs = neovims(TEST);
    if programs.is_empty() {
        return;
    }
    if !lsp_subcommand_available() {
        assert!(!in_ci(), "{TEST}: `mpi-dtype-lint lsp` is not available");
        eprintln!("skipping {TEST}: `mpi-dtype-lint lsp --help` fails (CI is unset)");
        return;
    }
    for program in programs {
        let path = if neovim_version(&program) >= (0, 11) {
            "native"
        } else {
            "fallback"
        };
        let output = Command::new("bash")
            .arg(editors_dir().join("nvim/test/run.sh"))
            .env("MPI_DTYPE_LINT", BINARY)
            .env("NVIM_PROGRAM", &program)
            .env("EXPECT_LSP_PATH", path)
            .output()
            .expect("run editors/nvim/test/run.sh");
        assert!(
            output.status.success(),
            "Neovim plugin test with {program} ({path} path) failed: {}",
            describe(&output)
        );
        eprintln!("{program}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

/// Runs a file of Lua in a fresh headless Neovim with the plugin on its runtime path and this
/// binary on PATH as `mpi-dtype-lint`; a Lua error or `cquit` fails.
fn run_neovim_lua(program: &str, lua: &Path, environment: &[(&str, &Path)]) -> Output {
    let binary_dir = Path::new(BINARY).parent().expect("the binary's directory");
    let path = std::env::join_paths(std::iter::once(binary_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");
    let run = format!(
        "lua local ok, err = pcall(dofile, [[{}]]); if not ok then io.stderr:write(tostring(err) .. '\\n'); vim.cmd('cquit 3') end",
        lua.display()
    );
    let home = tempfile::tempdir().expect("temporary directory");
    let mut command = Command::new("timeout");
    command
        .args([
            "120",
            program,
            "--headless",
            "-u",
            "NONE",
            "-i",
            "NONE",
            "-n",
        ])
        .args([
            "--cmd",
            &format!("set runtimepath^={}", editors_dir().join("nvim").display()),
        ])
        .args(["-c", &run, "-c", "qall!"])
        .current_dir(repo_root())
        .env("PATH", path)
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_CACHE_HOME", home.path().join("cache"));
    for (name, value) in environment {
        command.env(name, value);
    }
    command.output().expect("run nvim")
}

/// The Lua blocks of the Neovim README, in each Neovim: every block compiles; the `setup` block
/// (with the plugin) and, from 0.11 on, the plugin-free `vim.lsp.config` block run as a user's
/// init would, and the server they start attaches to a Fortran file and a `.h` header (the
/// plugin) with the command line's diagnostics. The nvim-lspconfig block needs nvim-lspconfig,
/// which is not installed: it is compiled only.
#[test]
fn neovim_readme_lua_runs() {
    const TEST: &str = "neovim_readme_lua_runs";
    let programs = neovims(TEST);
    let readme = read(&editors_dir().join("nvim/README.md"));
    let blocks = fenced_blocks(&readme, "lua");
    assert!(
        !blocks.is_empty(),
        "editors/nvim/README.md has no lua blocks"
    );
    let scratch = tempfile::tempdir().expect("temporary directory");
    let compile = scratch.path().join("compile.lua");
    // loadfile compiles without running: a syntax check.
    fs::write(
        &compile,
        "local ok, err = loadfile(os.getenv('SNIPPET')); if not ok then error(err) end",
    )
    .expect("write compile.lua");
    let mut ran = BTreeSet::new();
    for program in &programs {
        let native = neovim_version(program) >= (0, 11);
        for (index, block) in blocks.iter().enumerate() {
            let file = scratch.path().join(format!("block{index}.lua"));
            fs::write(&file, block).expect("write lua block");
            let compiled = run_neovim_lua(program, &compile, &[("SNIPPET", &file)]);
            assert!(
                compiled.status.success(),
                "{program}: lua block {index} of the README does not compile: {}",
                describe(&compiled)
            );
            let fixtures = if block.contains("require('mpi_dtype_lint').setup") {
                "testdata/fortran/seed_4_13_section3d.f testdata/c/header_inline_row_type.h"
            } else if block.contains("vim.lsp.config('mpi_dtype_lint'") && native {
                "testdata/fortran/seed_4_13_section3d.f"
            } else {
                continue;
            };
            let output = run_neovim_lua(
                program,
                &editors_dir().join("nvim/test/readme_test.lua"),
                &[("SNIPPET", &file), ("FIXTURES", Path::new(fixtures))],
            );
            assert!(
                output.status.success(),
                "{program}: lua block {index} of the README: {}",
                describe(&output)
            );
            ran.insert((index, native));
        }
    }
    if in_ci() {
        // Both Neovims ran the setup block, and the newer one the plugin-free block.
        let natives = ran.iter().filter(|(_, native)| *native).count();
        assert!(
            natives == 2 && ran.len() == 3,
            "README blocks run (index, 0.11+): {ran:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Helix

const CLIENT_SETTINGS: [&str; 4] = ["target", "mpi", "select", "ignore"];

fn check_helix_languages(text: &str, origin: &str) {
    let table: toml::Table = text.parse().unwrap_or_else(|e| panic!("{origin}: {e}"));
    let server = &table["language-server"]["mpi-dtype-lint"];
    assert_eq!(
        server["command"].as_str(),
        Some("mpi-dtype-lint"),
        "{origin}: command"
    );
    let args: Vec<&str> = server["args"]
        .as_array()
        .unwrap_or_else(|| panic!("{origin}: args"))
        .iter()
        .filter_map(|a| a.as_str())
        .collect();
    assert_eq!(args, ["lsp"], "{origin}: args");
    if let Some(config) = server.get("config").and_then(|c| c.as_table()) {
        for (key, value) in config {
            assert!(
                CLIENT_SETTINGS.contains(&key.as_str()),
                "{origin}: unknown setting {key}"
            );
            if let (Some(flag), Some(value)) = (
                ["target", "mpi"]
                    .contains(&key.as_str())
                    .then(|| format!("--{key}")),
                value.as_str(),
            ) {
                assert!(
                    binary_accepts(&flag, value),
                    "{origin}: mpi-dtype-lint rejects {key} = {value}"
                );
            }
        }
    }
    let languages = table["language"]
        .as_array()
        .unwrap_or_else(|| panic!("{origin}: [[language]]"));
    let mut served = BTreeSet::new();
    for language in languages {
        let uses_server = language["language-servers"]
            .as_array()
            .is_some_and(|servers| servers.iter().any(|s| s.as_str() == Some("mpi-dtype-lint")));
        if uses_server {
            served.insert(language["name"].as_str().unwrap_or_default().to_owned());
        }
    }
    assert_eq!(
        served,
        BTreeSet::from(["c".to_owned(), "fortran".to_owned()]),
        "{origin}: languages"
    );
}

#[test]
fn helix_languages_toml_parses() {
    let path = editors_dir().join("helix/languages.toml");
    check_helix_languages(&read(&path), "editors/helix/languages.toml");
    let readme = read(&editors_dir().join("README.md"));
    for (index, block) in fenced_blocks(&readme, "toml").iter().enumerate() {
        check_helix_languages(block, &format!("editors/README.md toml block {index}"));
    }
}

// ---------------------------------------------------------------------------------------------
// Emacs

/// A reader-level check of Emacs Lisp: balanced (), [] outside strings, comments and character
/// literals; strings closed. The error names the line.
fn elisp_balance(text: &str) -> Result<(), String> {
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut open: Vec<(char, usize)> = Vec::new();
    let mut chars = text.char_indices();
    let mut string_start = None;
    let mut previous = ' ';
    while let Some((offset, c)) = chars.next() {
        let starts_token = previous.is_whitespace() || "()[]'`,".contains(previous);
        previous = c;
        if string_start.is_some() {
            match c {
                '\\' => previous = chars.next().map_or(' ', |(_, escaped)| escaped),
                '"' => string_start = None,
                _ => {}
            }
            continue;
        }
        match c {
            ';' => {
                previous = chars
                    .find(|&(_, skipped)| skipped == '\n')
                    .map_or(' ', |_| '\n')
            }
            '"' => string_start = Some(offset),
            // A character literal (?a, ?\() starts a token; a backslash escapes one character.
            '?' if starts_token => {
                if chars.next().is_some_and(|(_, next)| next == '\\') {
                    chars.next();
                }
                previous = 'a';
            }
            '\\' => {
                chars.next();
                previous = 'a';
            }
            '(' | '[' => open.push((c, offset)),
            ')' | ']' => {
                let expected = if c == ')' { '(' } else { '[' };
                match open.pop() {
                    Some((opening, _)) if opening == expected => {}
                    Some((opening, at)) => {
                        return Err(format!(
                            "line {}: `{c}` closes `{opening}` of line {}",
                            line_of(offset),
                            line_of(at)
                        ))
                    }
                    None => return Err(format!("line {}: unbalanced `{c}`", line_of(offset))),
                }
            }
            _ => {}
        }
    }
    if let Some(start) = string_start {
        return Err(format!("line {}: unterminated string", line_of(start)));
    }
    match open.last() {
        Some((opening, at)) => Err(format!("line {}: `{opening}` never closed", line_of(*at))),
        None => Ok(()),
    }
}

fn check_elisp_balance(text: &str, origin: &str) {
    if let Err(message) = elisp_balance(text) {
        panic!("{origin}: {message}");
    }
}

/// Emacs's own reader, when Emacs is installed.
fn check_elisp_with_emacs(path: &Path) {
    let program = "(with-temp-buffer \
          (insert-file-contents (car command-line-args-left)) \
          (goto-char (point-min)) \
          (condition-case nil (while t (read (current-buffer))) (end-of-file nil)))";
    let output = Command::new("emacs")
        .args(["--batch", "-Q", "--eval", program])
        .arg(path)
        .output()
        .expect("run emacs");
    assert!(
        output.status.success(),
        "{}: {}",
        path.display(),
        describe(&output)
    );
}

#[test]
fn emacs_eglot_setup_parses() {
    let path = editors_dir().join("emacs/mpi-dtype-lint-eglot.el");
    let text = read(&path);
    check_elisp_balance(&text, "editors/emacs/mpi-dtype-lint-eglot.el");
    assert!(
        text.contains(r#""mpi-dtype-lint" "lsp""#),
        "the eglot setup does not run `mpi-dtype-lint lsp`"
    );
    let readme = read(&editors_dir().join("README.md"));
    let blocks = fenced_blocks(&readme, "elisp");
    for (index, block) in blocks.iter().enumerate() {
        check_elisp_balance(block, &format!("editors/README.md elisp block {index}"));
    }
    if runs("emacs", "--version") {
        check_elisp_with_emacs(&path);
        let scratch = tempfile::tempdir().expect("temporary directory");
        for (index, block) in blocks.iter().enumerate() {
            let file = scratch.path().join(format!("block{index}.el"));
            fs::write(&file, block).expect("write elisp block");
            check_elisp_with_emacs(&file);
        }
    } else {
        eprintln!("emacs is not installed: elisp checked by the built-in reader only");
    }
}

/// The Eglot setup in Emacs (editors/emacs/test/run.sh): it connects to this binary for a C and
/// a fixed-form Fortran file, Flymake shows the command line's findings, the hovers show the
/// command line's sizes and extents, and the server exits with status 0 at `eglot-shutdown`.
#[test]
fn emacs_eglot_setup_works() {
    const TEST: &str = "emacs_eglot_setup_works";
    if !require_tool("emacs", TEST) {
        return;
    }
    let eglot = Command::new("emacs")
        .args(["--batch", "--eval", "(require 'eglot)"])
        .output()
        .expect("run emacs");
    if !eglot.status.success() {
        assert!(
            !in_ci(),
            "{TEST}: Emacs has no Eglot; run .ci/install-test-deps (elpa-eglot)"
        );
        eprintln!("skipping {TEST}: Emacs has no Eglot (CI is unset)");
        return;
    }
    let output = Command::new("bash")
        .arg(editors_dir().join("emacs/test/run.sh"))
        .env("MPI_DTYPE_LINT", BINARY)
        .output()
        .expect("run editors/emacs/test/run.sh");
    assert!(
        output.status.success(),
        "Eglot test failed: {}",
        describe(&output)
    );
}

#[test]
fn elisp_balance_check_catches_mistakes() {
    assert_eq!(elisp_balance("(a \"(\" ?\\( ?) [b] ; )\n)"), Ok(()));
    assert_eq!(elisp_balance("(null? x)"), Ok(()));
    for bad in ["(a", "(a]", "a)", "(\"a)", "(a ; )"] {
        assert!(elisp_balance(bad).is_err(), "{bad:?} passed the check");
    }
}
