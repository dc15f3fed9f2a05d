//! The rules on the fixture corpora, with inline expectations: every finding must be announced
//! by an `expect: RULE` comment on its line, and every expectation must be found. Files
//! without expectations (the `_ok` twins, testdata/clean/, testdata/c/) must produce nothing.
//! Fixes are applied, the result re-analysed: the fixed findings are gone, the file still
//! parses, a second round changes nothing, and the fixed C and Fortran files compile
//! (`mpicc.mpich`, `mpif90.mpich -fsyntax-only`).
//!
//! The expectations say where a finding must be; a snapshot per rule fixture
//! (snapshots/rules/) says exactly what it is: message, range, and what each fix does.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::checks::{self, Diagnostic, RuleSelection};
use analyzer::fix::{self, Applicability};
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

/// Every C and Fortran file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if Language::from_path(&p).is_some() {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn run(text: &str, path: &Path) -> (Analysis, Vec<Diagnostic>) {
    let language = Language::from_path(path).expect("a source file");
    let analysis = analyze(text, language, &AnalysisOptions::default(), &mut NoIncludes);
    let found = checks::check(&analysis, &RuleSelection::default());
    (analysis, found)
}

/// `expect: a, b` comments: (1-based line, rule id), as many times as written.
fn expectations(text: &str) -> BTreeMap<(u32, String), usize> {
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let Some(at) = line.find("expect:") else {
            continue;
        };
        let ids = line[at + "expect:".len()..]
            .split("*/")
            .next()
            .unwrap_or("");
        for id in ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            *out.entry((i as u32 + 1, id.to_owned())).or_default() += 1;
        }
    }
    out
}

fn found_map(analysis: &Analysis, found: &[Diagnostic]) -> BTreeMap<(u32, String), usize> {
    let mut out = BTreeMap::new();
    for d in found {
        let (line, _) = analysis.position(d.span.start);
        *out.entry((line, d.rule.id.to_owned())).or_default() += 1;
    }
    out
}

#[test]
fn findings_match_inline_expectations() {
    let files = sources(&testdata());
    assert!(files.len() > 40, "the corpus is missing");
    let mut failures = Vec::new();
    let mut per_rule: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for path in &files {
        if path.components().any(|c| c.as_os_str() == "oracle") {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("fixture is UTF-8");
        let (analysis, found) = run(&text, path);
        let expected = expectations(&text);
        let got = found_map(&analysis, &found);
        for (key, n) in &expected {
            let entry = per_rule.entry(key.1.clone()).or_default();
            entry.0 += n;
            entry.1 += (*n).min(got.get(key).copied().unwrap_or(0));
        }
        for ((line, rule), n) in &got {
            if expected.get(&(*line, rule.clone())).copied().unwrap_or(0) < *n {
                let message = found
                    .iter()
                    .find(|d| d.rule.id == rule && analysis.position(d.span.start).0 == *line)
                    .map_or(String::new(), |d| d.message.clone());
                failures.push(format!(
                    "{}:{line}: unexpected {rule}: {message}",
                    path.display()
                ));
            }
        }
        for ((line, rule), n) in &expected {
            if got.get(&(*line, rule.clone())).copied().unwrap_or(0) < *n {
                failures.push(format!(
                    "{}:{line}: expected {rule}, not found",
                    path.display()
                ));
            }
        }
    }
    for (rule, (expected, found)) in &per_rule {
        println!("{rule}: {found}/{expected} expected findings");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The findings of every rule fixture that has any, one snapshot per file (the `_ok` twins
/// and the clean programs have none: `findings_match_inline_expectations` pins that).
#[test]
fn findings_of_each_rule_fixture() {
    insta::with_settings!({
        snapshot_path => "snapshots/rules",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::glob!("../../testdata/rules", "*/*.{c,f90,f}", |path| {
            let text = std::fs::read_to_string(path).expect("fixture is UTF-8");
            let (analysis, found) = run(&text, path);
            if !found.is_empty() {
                insta::assert_snapshot!(render_findings(&text, &analysis, &found));
            }
        });
    });
}

/// Each finding as a header `severity[rule] start-end: message` (1-based `line:column` in
/// characters, the end just past the range), the first line of the range underlined, then
/// each fix: its applicability and title, and what applying that fix alone does to the file.
fn render_findings(text: &str, analysis: &Analysis, found: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in found {
        let (start_line, start_column) = analysis.position(d.span.start);
        let (end_line, end_column) = analysis.position(d.span.end);
        let _ = writeln!(
            out,
            "{}[{}] {start_line}:{start_column}-{end_line}:{end_column}: {}",
            d.severity.name(),
            d.rule.id,
            d.message
        );
        // A range over several lines is underlined to the end of its first line.
        let underlined_end = (end_line == start_line).then_some(end_column);
        out.push_str(&underlined_line(
            text,
            start_line,
            start_column,
            underlined_end,
        ));
        for f in &d.fixes {
            let _ = writeln!(out, "fix ({}): {}", f.applicability.name(), f.title);
            out.push_str(&fix_diff(text, f));
        }
        out.push('\n');
    }
    out
}

/// Line `line` of `text` with a gutter, and `^` under columns `start..end` (1-based; `None`:
/// to the end of the line).
fn underlined_line(text: &str, line: u32, start: u32, end: Option<u32>) -> String {
    let source = text.lines().nth(line as usize - 1).unwrap_or("");
    let end = end.map_or(source.chars().count() + 1, |e| e as usize);
    let width = end.saturating_sub(start as usize).max(1);
    let gutter = " ".repeat(line.to_string().len());
    let indent = " ".repeat(start as usize - 1);
    format!(
        "{line} | {source}\n{gutter} | {indent}{}\n",
        "^".repeat(width)
    )
}

/// The unified diff from `text` to `text` with `fix` alone applied.
fn fix_diff(text: &str, fix: &fix::Fix) -> String {
    let applied = fix::apply(text, &[fix]);
    if applied.applied == 0 {
        "(does not apply: its edits are out of range or overlap)\n".to_owned()
    } else if applied.text == text {
        "(changes nothing)\n".to_owned()
    } else {
        let diff = similar::TextDiff::from_lines(text, &applied.text);
        diff.unified_diff().context_radius(2).to_string()
    }
}

/// Applies every fix (safe and unsafe) until none applies, at most `rounds` times.
fn fix_all(path: &Path, mut text: String, rounds: usize) -> (String, usize) {
    let mut total = 0;
    for _ in 0..rounds {
        let (_, found) = run(&text, path);
        let fixes: Vec<_> = found
            .iter()
            .flat_map(|d| d.fixes.iter())
            .filter(|f| f.applicability != Applicability::DisplayOnly)
            .collect();
        let applied = fix::apply(&text, &fixes);
        if applied.applied == 0 {
            break;
        }
        total += applied.applied;
        text = applied.text;
    }
    (text, total)
}

fn parse_notes(analysis: &Analysis) -> usize {
    analysis
        .notes
        .iter()
        .filter(|n| n.message.starts_with("could not parse"))
        .count()
}

#[test]
fn fixes_remove_their_findings_and_are_idempotent() {
    let mut fixed_files = 0;
    let mut fortran_compiled = 0;
    let mut failures = Vec::new();
    for path in sources(&testdata().join("rules")) {
        let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
        let (before, found) = run(&text, &path);
        let fixable: Vec<&Diagnostic> = found
            .iter()
            .filter(|d| {
                d.fixes
                    .iter()
                    .any(|f| f.applicability != Applicability::DisplayOnly)
            })
            .collect();
        if fixable.is_empty() {
            continue;
        }
        fixed_files += 1;
        let (after_text, applied) = fix_all(&path, text.clone(), 5);
        assert!(
            applied > 0,
            "{}: fixes offered but none applied",
            path.display()
        );
        let (after, remaining) = run(&after_text, &path);
        if parse_notes(&after) > parse_notes(&before) {
            failures.push(format!(
                "{}: the fixed file no longer parses",
                path.display()
            ));
        }
        if let Some(d) = remaining.iter().find(|d| {
            d.fixes
                .iter()
                .any(|f| f.applicability != Applicability::DisplayOnly)
        }) {
            failures.push(format!(
                "{}: a fixable finding remains after fixing: {} {}",
                path.display(),
                d.rule.id,
                d.message
            ));
        }
        let (again, _) = fix_all(&path, after_text.clone(), 1);
        if again != after_text {
            failures.push(format!(
                "{}: fixing twice changed the file again",
                path.display()
            ));
        }
        // What the fixes leave of the removed API would not compile against MPI-3 headers.
        let removed_api_left = remaining.iter().any(|d| d.rule.id == "deprecated-api");
        if path.extension().is_some_and(|e| e == "c") && !removed_api_left && have("mpicc.mpich") {
            if let Some(error) = compile("mpicc.mpich", &path, &after_text) {
                failures.push(format!(
                    "{}: the fixed file does not compile:\n{error}",
                    path.display()
                ));
            }
        }
        // Fortran: MPICH 4's `use mpi` no longer has the removed API, so the original may not
        // compile; a fixed file that fails is the fix's fault only when the original compiled.
        let fortran = matches!(Language::from_path(&path), Some(Language::Fortran { .. }));
        if fortran && after_text != text && have("mpif90.mpich") {
            fortran_compiled += 1;
            if let Some(error) = compile("mpif90.mpich", &path, &after_text) {
                match compile("mpif90.mpich", &path, &text) {
                    None => failures.push(format!(
                        "{}: the fixed file does not compile (the original does):\n{error}",
                        path.display()
                    )),
                    Some(_) => println!(
                        "{}: neither the original nor the fixed file compiles:\n{error}",
                        path.display()
                    ),
                }
            }
        }
    }
    println!("{fixed_files} files fixed, {fortran_compiled} fixed Fortran files compiled");
    assert!(fixed_files > 0, "no fixture offers a fix");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn have(tool: &str) -> bool {
    let found = Command::new(tool).arg("--version").output().is_ok();
    if !found {
        if std::env::var_os("CI").is_some() {
            panic!("{tool} is required under CI");
        }
        println!("skipping compilation of fixed files: {tool} not found (and CI unset)");
    }
    found
}

/// `TOOL -fsyntax-only` on the text, in a scratch directory of its own (gfortran writes the
/// `.mod` files of the modules it compiles into the working directory); the error output when
/// it fails.
fn compile(tool: &str, path: &Path, text: &str) -> Option<String> {
    // One directory per compilation: tests compiling the same fixture run in parallel, and
    // gfortran writes its .mod files beside the source.
    static COMPILATIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COMPILATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let stem = path.file_stem()?.to_string_lossy();
    let dir = std::env::temp_dir().join(format!(
        "mpi-dtype-lint-fix-{}-{n}-{stem}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).ok()?;
    let file = dir.join(path.file_name()?);
    std::fs::write(&file, text).ok()?;
    let out = Command::new(tool)
        .arg("-fsyntax-only")
        .arg(&file)
        .current_dir(&dir)
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let out = out.ok()?;
    (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

/// True when the finding on `MPI_TYPE_HVECTOR` in `text` comes with a fix that applies.
fn hvector_fix_applies(text: &str, path: &Path) -> bool {
    let (analysis, found) = run(text, path);
    let hvector = found
        .iter()
        .find(|d| analysis.slice(d.span) == "MPI_TYPE_HVECTOR")
        .expect("the removed call is reported");
    hvector
        .fixes
        .iter()
        .any(|f| f.applicability != Applicability::DisplayOnly)
}

/// The Fortran fixes declare variables `INTEGER(KIND=MPI_ADDRESS_KIND)`: they are offered only
/// where `MPI_ADDRESS_KIND` is visible (the unit, its host or its module brings in MPI), and
/// what they write then compiles.
#[test]
fn fortran_fixes_write_mpi_address_kind_only_where_it_is_visible() {
    // `use` comes before `implicit none`, `include` after it.
    let subroutine = |specification: &str| {
        let (uses, includes) = if specification.contains("include") {
            ("", specification)
        } else {
            (specification, "")
        };
        format!(
            "subroutine s(old)\n{uses}  implicit none\n{includes}  integer :: old\n  integer :: stride, t1, ierr\n  stride = 64\n  call MPI_TYPE_HVECTOR(2, 1, stride, old, t1, ierr)\n  call MPI_TYPE_FREE(t1, ierr)\nend subroutine s\n"
        )
    };
    let cases = [
        (subroutine("  use mpi\n"), true),
        (subroutine("  include 'mpif.h'\n"), true),
        (subroutine("  use mpi, only: MPI_ADDRESS_KIND, MPI_TYPE_FREE\n"), true),
        (subroutine(""), false),
        (subroutine("  use mpi, only: MPI_TYPE_FREE\n"), false),
        (subroutine("  use my_mpi_wrappers\n"), false),
        (
            format!("module m\n  use mpi\ncontains\n{}end module m\n", subroutine("")),
            true,
        ),
        (
            format!(
                "program p\n  use mpi\n  implicit none\n  call s(MPI_REAL)\ncontains\n{}end program p\n",
                subroutine("")
            ),
            true,
        ),
        (
            format!("module m\n  use mpi\nend module m\n{}", subroutine("")),
            false,
        ),
        // A bare END closes the module the same way.
        (
            format!("module m\n  use mpi\nend\n{}", subroutine("")),
            false,
        ),
        // A module of the file that uses MPI passes it on, unless an `only` list leaves the
        // kind out.
        (
            format!(
                "module comm\n  use mpi\nend module comm\n{}",
                subroutine("  use comm\n")
            ),
            true,
        ),
        (
            format!(
                "module comm\n  use mpi\n  integer :: tag\nend module comm\n{}",
                subroutine("  use comm, only: tag\n")
            ),
            false,
        ),
    ];
    let path = Path::new("case.f90");
    for (text, fixable) in cases {
        let applies = hvector_fix_applies(&text, path);
        assert_eq!(applies, fixable, "{text}");
        if fixable {
            let (fixed, _) = fix_all(path, text.clone(), 5);
            assert!(
                fixed.contains("integer(kind=MPI_ADDRESS_KIND) :: stride"),
                "{fixed}"
            );
            if have("mpif90.mpich") {
                if let Some(error) = compile("mpif90.mpich", path, &fixed) {
                    panic!("the fixed file does not compile:\n{fixed}\n{error}");
                }
            }
        }
    }
}

/// `use mpi_f08` in one unit of a file says nothing of the others: the extent-mismatch resize
/// declares its new handle as the unit it goes into needs (an `integer` beside `use mpi`).
#[test]
fn fortran_fixes_declare_handles_as_their_own_unit_sees_mpi() {
    let path = testdata().join("rules/extent-mismatch/derived_type_no_resize.f90");
    let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
    assert!(text.contains("  use mpi\n"));
    let with_f08_unit = format!(
        "{text}\nsubroutine other(t)\n  use mpi_f08\n  type(MPI_Datatype) :: t\n  \
         call MPI_Type_free(t)\nend subroutine other\n"
    );
    let (fixed, _) = fix_all(&path, with_f08_unit.clone(), 5);
    assert_ne!(fixed, with_f08_unit, "the resize is applied");
    let added: Vec<&str> = fixed
        .lines()
        .filter(|l| !with_f08_unit.lines().any(|o| o == *l))
        .collect();
    assert!(
        added
            .iter()
            .all(|l| !l.to_ascii_lowercase().contains("type(mpi_datatype)")),
        "{added:#?}"
    );
    if have("mpif90.mpich") {
        if let Some(error) = compile("mpif90.mpich", &path, &fixed) {
            panic!("the fixed file does not compile:\n{fixed}\n{error}");
        }
    }
}

/// The same declines on whole fixtures: with their `use mpi` / `include 'mpif.h'` replaced by
/// a module the analysis cannot see into, the extent-mismatch resize and the MPI_LB/MPI_UB
/// rewrite (both of which declare address-kind variables) are no longer offered.
#[test]
fn fortran_fixtures_lose_their_address_kind_fixes_without_mpi_in_scope() {
    let fixtures = [
        (
            "extent-mismatch/derived_type_no_resize.f90",
            "  use mpi\n",
            "extent-mismatch",
        ),
        (
            "extent-mismatch/fixed_form_no_resize.f",
            "      INCLUDE 'mpif.h'\n",
            "extent-mismatch",
        ),
        (
            "deprecated-api/mpi1_struct_markers.f90",
            "  use mpi\n",
            "deprecated-api",
        ),
    ];
    for (name, brings_mpi, rule) in fixtures {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../testdata/rules")
            .join(name);
        let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
        assert!(text.contains(brings_mpi), "{name}");
        let indent = &brings_mpi[..brings_mpi.len() - brings_mpi.trim_start().len()];
        let hidden = text.replacen(brings_mpi, &format!("{indent}use solver_mpi\n"), 1);
        let applicable = |text: &str| {
            let (_, found) = run(text, &path);
            let findings = found.iter().filter(|d| d.rule.id == rule).count();
            let fixes = found
                .iter()
                .filter(|d| d.rule.id == rule)
                .flat_map(|d| &d.fixes)
                .filter(|f| f.applicability != Applicability::DisplayOnly)
                .count();
            (findings, fixes)
        };
        let (with_mpi, with_mpi_fixes) = applicable(&text);
        let (without, without_fixes) = applicable(&hidden);
        assert!(with_mpi_fixes > 0, "{name}: fixable as written");
        assert_eq!(with_mpi, without, "{name}: the same findings");
        assert!(
            without_fixes < with_mpi_fixes,
            "{name}: {without_fixes} fixes remain"
        );
    }
}

/// The deprecated-api fixes (renames, and MPI_LB/MPI_UB markers rewritten as a struct resized
/// with `MPI_Type_create_resized`) keep every datatype: the last constructor call defining each
/// handle evaluates, after the fix, to the same typemap, size, bounds and extent.
#[test]
fn deprecated_api_fixes_keep_the_types() {
    let mut compared = 0;
    for path in sources(&testdata().join("rules/deprecated-api")) {
        let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
        let (fixed, applied) = fix_all(&path, text.clone(), 5);
        if applied == 0 {
            continue;
        }
        let (before, _) = run(&text, &path);
        let (after, _) = run(&fixed, &path);
        let last = |a: &Analysis| {
            let mut by_name = BTreeMap::new();
            for t in a.types() {
                by_name.insert(t.name.to_ascii_lowercase(), t.datatype);
            }
            by_name
        };
        let after_types = last(&after);
        for (name, dt) in last(&before) {
            let Some(dt) = dt else { continue };
            let Some(Some(fixed_dt)) = after_types.get(&name) else {
                panic!(
                    "{}: `{name}` is no longer known after the fix",
                    path.display()
                );
            };
            let model = before.model;
            let (s, f) = (dt.summary(model), fixed_dt.summary(model));
            assert_eq!(
                (s.size, s.lb, s.ub, s.extent(), s.true_lb, s.true_extent()),
                (f.size, f.lb, f.ub, f.extent(), f.true_lb, f.true_extent()),
                "{}: `{name}` changed",
                path.display()
            );
            let entries =
                |d: &analyzer::dtype::Datatype| d.typemap(model).take(100_000).collect::<Vec<_>>();
            assert_eq!(
                entries(&dt),
                entries(fixed_dt),
                "{}: `{name}`'s typemap changed",
                path.display()
            );
            compared += 1;
        }
    }
    println!("{compared} datatypes compared");
    assert!(compared > 0, "no deprecated-api fixture was fixed");
}

#[test]
fn every_rule_has_documentation_and_a_unique_id() {
    let mut ids: Vec<&str> = checks::RULES.iter().map(|r| r.id).collect();
    for rule in checks::RULES {
        assert!(rule.docs.contains("## What it finds"), "{}", rule.id);
        assert!(rule.docs.contains("## Why it is a bug"), "{}", rule.id);
        assert!(rule.docs.contains("## Example"), "{}", rule.id);
        assert!(rule.docs.contains("## Fix"), "{}", rule.id);
        assert!(
            rule.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{}",
            rule.id
        );
    }
    ids.sort();
    let before = ids.len();
    ids.dedup();
    assert_eq!(before, ids.len(), "duplicate rule ids");
}

/// The deprecated-api fix of a Fortran MPI-1 call redeclares a default-INTEGER stride
/// `INTEGER(KIND=MPI_ADDRESS_KIND)` only when every other use of it means the same with the
/// wider kind; otherwise the finding stays message-only.
#[test]
fn fortran_stride_is_redeclared_only_where_safe() {
    let program = |declarations: &str, statement: &str| {
        format!(
            "program t\n  use mpi\n  implicit none\n  integer :: stride, other, t1, ierr\n{declarations}  stride = 64\n  {statement}\n  call MPI_TYPE_HVECTOR(2, 1, stride, MPI_DOUBLE_PRECISION, t1, ierr)\n  call MPI_TYPE_FREE(t1, ierr)\nend program t\n"
        )
    };
    let cases = [
        ("", "other = 1", true),
        ("", "other = stride / 8 + 1", true),
        ("", "if (stride > 0) other = 1", true),
        ("", "other = other * (stride - 1)", true),
        ("", "print *, stride", false),
        ("", "call helper(stride)", false),
        ("", "other = mod(stride, 8)", false),
        (
            "",
            "call MPI_BCAST(stride, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)",
            false,
        ),
        ("  common /blk/ stride\n", "other = 1", false),
        ("  equivalence (stride, other)\n", "other = 1", false),
        ("  include 'grid.inc'\n", "other = 1", false),
    ];
    let path = Path::new("case.f90");
    for (declarations, statement, fixable) in cases {
        let text = program(declarations, statement);
        let applies = hvector_fix_applies(&text, path);
        assert_eq!(applies, fixable, "{statement} / {declarations}");
        if fixable {
            let (fixed, _) = fix_all(path, text.clone(), 5);
            assert!(
                fixed.contains(
                    "  integer :: other, t1, ierr\n  integer(kind=MPI_ADDRESS_KIND) :: stride\n"
                ),
                "{fixed}"
            );
        }
    }
}
