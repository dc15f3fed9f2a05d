//! Modules of other files, through a resolver that serves files from memory: what `USE`
//! brings (parameters, kinds, derived types, variables' declarations), `ONLY` lists and renames,
//! modules that use modules, and what stays unknown (a module not found, a name a rename
//! hides, the values another file's variables start with). Cycles and endless chains of
//! modules end within the budget. The values themselves are checked against MPICH and Open MPI
//! on the multi-file programs of testdata/fortran_modules (`fortran_module_programs`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::checks::{self, RuleSelection};
use analyzer::dtype::MpiModel;
use analyzer::source::{FortranForm, Language};
use analyzer::syntax::fortran::{module_names, MAX_MODULE_FILES};
use analyzer::syntax::{IncludeResolver, ModuleSource};

const FREE: Language = Language::fortran(FortranForm::Free, false);

/// Files by name; a module is found in the one file that defines it.
#[derive(Clone, Default)]
struct Files {
    files: BTreeMap<String, String>,
    /// Module names asked for, in order.
    asked: std::rc::Rc<std::cell::RefCell<Vec<String>>>,
}

impl Files {
    fn new(files: &[(&str, &str)]) -> Files {
        Files {
            files: files
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect(),
            asked: Default::default(),
        }
    }
}

impl IncludeResolver for Files {
    fn resolve(&mut self, name: &str) -> Option<String> {
        self.files.get(name).cloned()
    }

    fn module(&mut self, name: &str) -> Option<ModuleSource> {
        self.asked.borrow_mut().push(name.to_owned());
        let mut defining = self
            .files
            .iter()
            .filter(|(_, text)| module_names(text).iter().any(|m| m == name));
        let (file, text) = defining.next()?;
        if defining.next().is_some() {
            return None;
        }
        Some(ModuleSource {
            text: text.clone(),
            language: Language::from_path(Path::new(file)).unwrap_or(FREE),
            includes: Box::new(self.clone()),
        })
    }
}

fn analyze_with(text: &str, resolver: &mut dyn IncludeResolver, model: MpiModel) -> Analysis {
    let options = AnalysisOptions {
        model,
        ..AnalysisOptions::default()
    };
    analyze(text, FREE, &options, resolver)
}

/// `name: size/extent` of every type the main file defines, `?` when unknown.
fn types(main: &str, files: &[(&str, &str)]) -> Vec<String> {
    let analysis = analyze_with(main, &mut Files::new(files), MpiModel::Mpich);
    analysis
        .types()
        .iter()
        .map(|t| match &t.datatype {
            Some(dt) => {
                let extent = dt.summary(MpiModel::Mpich).extent();
                format!("{}: {}/{}", t.name, dt.size(), extent)
            }
            None => format!("{}: ?", t.name),
        })
        .collect()
}

fn findings(main: &str, files: &[(&str, &str)]) -> Vec<String> {
    let analysis = analyze_with(main, &mut Files::new(files), MpiModel::Mpich);
    checks::check(&analysis, &RuleSelection::default())
        .iter()
        .map(|d| d.rule.id.to_owned())
        .collect()
}

const GRID: &str = "module grid
  implicit none
  integer, parameter :: nx = 6, ny = 4
  integer, parameter :: wp = selected_real_kind(15)
  real(wp) :: field(nx, ny)
  integer :: steps = 3
end module grid
";

/// The same program with module `grid` in its own file and in the main file: the values are
/// the same, and unknown without the module's file.
#[test]
fn a_module_of_another_file_is_what_it_is_in_the_same_file() {
    let main = "subroutine s(comm)
  use mpi
  use grid
  implicit none
  integer :: comm, rows, block, ierr
  call MPI_Type_vector(ny, nx, nx + 2, MPI_DOUBLE_PRECISION, rows, ierr)
  call MPI_Type_contiguous(wp, MPI_BYTE, block, ierr)
end subroutine
";
    let split = types(main, &[("grid.f90", GRID)]);
    let together = types(&format!("{GRID}{main}"), &[]);
    assert_eq!(split, together);
    assert!(split.iter().all(|t| !t.ends_with('?')), "{split:?}");
    let alone = types(main, &[]);
    assert!(alone.iter().all(|t| t.ends_with('?')), "{alone:?}");
}

/// A module variable's declaration comes with the module: its size is known to the rules.
#[test]
fn a_module_array_of_another_file_has_its_declared_size() {
    let main = "subroutine s(comm)
  use mpi
  use grid
  implicit none
  integer :: comm, ierr
  call MPI_Send(field, nx*ny + 1, MPI_DOUBLE_PRECISION, 0, 0, comm, ierr)
end subroutine
";
    assert_eq!(findings(main, &[("grid.f90", GRID)]), ["buffer-overflow"]);
    assert_eq!(findings(main, &[]), Vec::<String>::new());
}

/// What another file's variable starts with is not known where it is used: any unit may have
/// changed it.
#[test]
fn another_files_variable_has_no_known_value() {
    let main = "subroutine s
  use mpi
  use grid
  implicit none
  integer :: t, ierr
  call MPI_Type_contiguous(steps, MPI_INTEGER, t, ierr)
end subroutine
";
    assert_eq!(types(main, &[("grid.f90", GRID)]), ["t: ?"]);
}

/// A module not found keeps every name it could bring unknown: never implicitly typed, so no
/// finding on a buffer it may declare. The same code without the `USE` is implicitly typed.
#[test]
fn a_module_not_found_types_nothing_implicitly() {
    let with_use = "subroutine s(comm)
  use mpi
  use nowhere
  integer :: comm, ierr
  call MPI_Send(buf, 1, MPI_INTEGER, 0, 0, comm, ierr)
end subroutine
";
    assert_eq!(findings(with_use, &[]), Vec::<String>::new());
    let without = with_use.replace("  use nowhere\n", "");
    assert_eq!(findings(&without, &[]), ["buffer-type-mismatch"]);
    // With an ONLY list, the names outside it are still implicitly typed.
    let only = with_use.replace("use nowhere", "use nowhere, only: other");
    assert_eq!(findings(&only, &[]), ["buffer-type-mismatch"]);
}

/// `ONLY` brings what it lists; a rename brings the entity under its new name, unless the unit
/// declares the module's name for something else (the rename would then reach the wrong one).
#[test]
fn only_lists_and_renames() {
    let files = [("grid.f90", GRID)];
    let only = "subroutine s
  use mpi
  use grid, only: nx
  integer :: a, b, ierr
  call MPI_Type_contiguous(nx, MPI_INTEGER, a, ierr)
  call MPI_Type_contiguous(ny, MPI_INTEGER, b, ierr)
end subroutine
";
    assert_eq!(types(only, &files), ["a: 24/24", "b: ?"]);
    let renamed = "subroutine s
  use mpi
  use grid, only: width => nx, height => ny
  implicit none
  integer :: a, ierr
  call MPI_Type_vector(height, width, width, MPI_INTEGER, a, ierr)
end subroutine
";
    assert_eq!(types(renamed, &files), ["a: 96/96"]);
    let hidden = renamed.replace("integer :: a, ierr", "integer :: a, ierr, nx = 100");
    assert_eq!(types(&hidden, &files), ["a: ?"]);
    // Without ONLY, the module's other names come too.
    let all_but = "subroutine s
  use mpi
  use grid, width => nx
  integer :: a, ierr
  call MPI_Type_contiguous(width * ny, MPI_INTEGER, a, ierr)
end subroutine
";
    assert_eq!(types(all_but, &files), ["a: 96/96"]);
    // The renamed entity is not visible under the module's name: here `nx` is a local of the
    // unit, implicitly typed, which the rename must not reach.
    let local = all_but.replace(
        "  call MPI_Type_contiguous(width",
        "  nx = 100\n  call MPI_Type_contiguous(nx, MPI_INTEGER, b, ierr)\n  call MPI_Type_contiguous(width",
    );
    let local = local.replace("integer :: a, ierr", "integer :: a, b, ierr");
    assert_eq!(types(&local, &files), ["b: 400/400", "a: ?"]);
}

/// Modules that use modules: what each brings reaches through, renames included, across three
/// files; derived types come with them.
#[test]
fn modules_use_modules_across_files() {
    let kinds = "module kinds\n  integer, parameter :: dp = selected_real_kind(15)\nend module\n";
    let cells = "module cells
  use kinds, only: real_kind => dp
  type :: cell
    sequence
    real(real_kind) :: v(3)
    integer :: id
  end type
  integer, parameter :: ncell = 10
end module
";
    let main = "subroutine s
  use mpi
  use cells
  implicit none
  type(cell) :: c(ncell)
  integer :: t, ierr
  call MPI_Type_contiguous(real_kind * ncell, MPI_BYTE, t, ierr)
  call MPI_Send(c, 4 * ncell, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(t, ierr)
end subroutine
";
    let files = [("kinds.f90", kinds), ("cells.f90", cells)];
    assert_eq!(types(main, &files), ["t: 80/80"]);
    // 10 cells of 32 bytes hold 40 doubles, not 41.
    let over = main.replace("4 * ncell", "4 * ncell + 1");
    assert_eq!(findings(&over, &files), ["buffer-overflow"]);
    assert_eq!(findings(main, &files), Vec::<String>::new());
}

/// Only the specification parts of another file's modules are read: a type's bound procedures
/// do not end the part, and what the module's procedures include is not read.
#[test]
fn only_specification_parts_of_module_files_are_read() {
    let module = "#define N 3
module shapes
  type :: box
    integer :: side
  contains
    procedure :: area
  end type box
  integer, parameter :: n = N
contains
  integer function area(self)
    class(box) :: self
#include \"procedure_only.h\"
    area = self%side**2
  end function area
end module shapes
";
    let main = "subroutine s
  use mpi
  use shapes
  integer :: t, ierr
  call MPI_Type_contiguous(n, MPI_INTEGER, t, ierr)
  call MPI_Type_free(t, ierr)
end subroutine
";
    let analysis = analyze_with(
        main,
        &mut Files::new(&[("shapes.F90", module)]),
        MpiModel::Mpich,
    );
    let known: Vec<bool> = analysis
        .types()
        .iter()
        .map(|t| t.datatype.is_some())
        .collect();
    assert_eq!(known, [true]);
    assert!(analysis.notes.is_empty(), "{:?}", analysis.notes);
}

/// Modules that use each other (no compiler accepts it) end: each is read once, and the one
/// being read is not found inside itself.
#[test]
fn modules_that_use_each_other_end() {
    let a = "module a\n  use b\n  integer, parameter :: na = 2\nend module\n";
    let b = "module b\n  use a\n  integer, parameter :: nb = 3\nend module\n";
    let main = "subroutine s
  use mpi
  use a
  integer :: t, ierr
  call MPI_Type_contiguous(na * nb, MPI_INTEGER, t, ierr)
end subroutine
";
    let resolver = Files::new(&[("a.f90", a), ("b.f90", b)]);
    let asked = resolver.asked.clone();
    let analysis = analyze_with(main, &mut resolver.clone(), MpiModel::Mpich);
    assert_eq!(analysis.types().len(), 1);
    assert_eq!(*asked.borrow(), ["a", "b"]);
}

/// A resolver that makes up a module for every name, each using `fan_out` new ones: the
/// analysis reads a bounded number of files and says so once.
struct Endless {
    fan_out: usize,
    asked: usize,
}

impl IncludeResolver for Endless {
    fn resolve(&mut self, _name: &str) -> Option<String> {
        None
    }

    fn module(&mut self, name: &str) -> Option<ModuleSource> {
        self.asked += 1;
        let uses: String = (0..self.fan_out)
            .map(|i| format!("  use {name}_{i}\n"))
            .collect();
        Some(ModuleSource {
            text: format!("module {name}\n{uses}  integer :: v\nend module\n"),
            language: FREE,
            includes: Box::new(Endless {
                fan_out: self.fan_out,
                asked: 0,
            }),
        })
    }
}

#[test]
fn endless_chains_of_modules_are_bounded() {
    let main = "subroutine s\n  use m\n  use mpi\n  integer :: t, ierr\n  call MPI_Type_contiguous(2, MPI_INTEGER, t, ierr)\nend subroutine\n";
    for fan_out in [1, 20] {
        let mut resolver = Endless { fan_out, asked: 0 };
        let started = std::time::Instant::now();
        let analysis = analyze_with(main, &mut resolver, MpiModel::Mpich);
        assert!(started.elapsed().as_secs() < 10, "{fan_out}");
        assert_eq!(analysis.types().len(), 1);
        // The resolvers of the modules read count for themselves; the main one is asked once.
        assert_eq!(resolver.asked, 1, "{fan_out}");
        // Each limit reached is told once.
        for limit in ["more than 32 deep", "more than 256 files"] {
            let told = analysis
                .notes
                .iter()
                .filter(|n| n.message.contains(limit))
                .count();
            assert!(told <= 1, "{fan_out}: {:?}", analysis.notes);
        }
        assert!(!analysis.notes.is_empty(), "{fan_out}");
    }
}

/// Counts every module asked for, through the resolvers of the files read too.
#[derive(Clone)]
struct Counting {
    fan_out: usize,
    asked: std::rc::Rc<std::cell::Cell<usize>>,
}

impl IncludeResolver for Counting {
    fn resolve(&mut self, _name: &str) -> Option<String> {
        None
    }

    fn module(&mut self, name: &str) -> Option<ModuleSource> {
        self.asked.set(self.asked.get() + 1);
        let uses: String = (0..self.fan_out)
            .map(|i| format!("  use {name}_{i}\n"))
            .collect();
        Some(ModuleSource {
            text: format!("module {name}\n{uses}end module\n"),
            language: FREE,
            includes: Box::new(self.clone()),
        })
    }
}

#[test]
fn every_file_read_counts_against_one_budget() {
    let asked = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut resolver = Counting {
        fan_out: 20,
        asked: asked.clone(),
    };
    analyze_with(
        "subroutine s\n  use m\nend subroutine\n",
        &mut resolver,
        MpiModel::Mpich,
    );
    assert_eq!(asked.get(), MAX_MODULE_FILES);
}

/// `module_names` finds what a compiler would compile as modules, and nothing else.
#[test]
fn module_names_of_a_file() {
    let text = "! module not_this
C     module nor_this
      MODULE Fixed_Form
      END MODULE Fixed_Form
module procedure :: p
module subroutine q
module free ! comment
end module free
submodule (free) child
module free
";
    assert_eq!(module_names(text), ["fixed_form", "free"]);
}

// --- multi-file programs against MPICH and Open MPI ---

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/fortran_modules")
}

/// The values a program prints for each handle: `ORACLE name size lb extent true_lb
/// true_extent`.
fn printed(output: &str) -> BTreeMap<String, Vec<i128>> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("ORACLE "))
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next()?.to_ascii_lowercase();
            let values = words
                .map(|w| w.parse().ok())
                .collect::<Option<Vec<i128>>>()?;
            Some((name, values))
        })
        .collect()
}

/// The program's files, modules first in the order they use each other (by file name).
fn program_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a program directory")
        .map(|e| e.expect("readable").path())
        .filter(|p| Language::from_path(p).is_some_and(|l| l != Language::C))
        .collect();
    files.sort();
    files.push(programs_dir().join("report.f90"));
    files.rotate_right(1);
    files
}

fn compile_and_run(compiler: &str, files: &[PathBuf], work: &Path) -> Option<String> {
    std::fs::create_dir_all(work).ok()?;
    let program = work.join("prog");
    let built = Command::new(compiler)
        .arg("-o")
        .arg(&program)
        .args(files)
        .current_dir(work)
        .output()
        .ok()?;
    assert!(
        built.status.success(),
        "{compiler}: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    let ran = Command::new(&program)
        .current_dir(work)
        .env("OMPI_MCA_plm", "isolated")
        .env("OMPI_MCA_btl", "self")
        .output()
        .ok()?;
    assert!(
        ran.status.success(),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    Some(String::from_utf8_lossy(&ran.stdout).into_owned())
}

/// Serves the files of one program directory.
fn directory_files(dir: &Path) -> Files {
    let mut files = Files::default();
    for path in program_files(dir) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files
            .files
            .insert(name, std::fs::read_to_string(&path).expect("UTF-8"));
    }
    files
}

#[test]
fn fortran_module_programs() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(programs_dir())
        .expect("testdata/fortran_modules")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty());
    let libraries = [
        ("mpif90.mpich", MpiModel::Mpich),
        ("mpif90.openmpi", MpiModel::OpenMpi),
    ];
    let mut compared = 0;
    for (compiler, model) in libraries {
        let present = Command::new(compiler).arg("--version").output().is_ok();
        if !present {
            assert_ne!(
                std::env::var("CI").as_deref(),
                Ok("true"),
                "{compiler} is required in CI"
            );
            eprintln!("{compiler} not found: skipped");
            continue;
        }
        for dir in &dirs {
            let label = dir.file_name().unwrap().to_string_lossy().into_owned();
            let work = std::env::temp_dir().join(format!(
                "fortran-modules-{}-{label}-{compiler}",
                std::process::id()
            ));
            let output = compile_and_run(compiler, &program_files(dir), &work)
                .unwrap_or_else(|| panic!("{label}: {compiler} did not run"));
            let _ = std::fs::remove_dir_all(&work);
            let values = printed(&output);
            let main = std::fs::read_to_string(dir.join("main.f90")).expect("main.f90");
            let analysis = analyze_with(&main, &mut directory_files(dir), model);
            let reports = analysis.types();
            assert!(!reports.is_empty(), "{label}: no datatype");
            for report in reports {
                let at = format!("{label}/main.f90:{} {}", report.line, report.name);
                let dt = report
                    .datatype
                    .as_ref()
                    .unwrap_or_else(|| panic!("{at}: unknown; {:?}", analysis.notes));
                let s = dt.summary(model);
                let ours = vec![dt.size(), s.lb, s.extent(), s.true_lb, s.true_extent()];
                let theirs = values
                    .get(&report.name)
                    .unwrap_or_else(|| panic!("{at}: the program printed no values"));
                assert_eq!(&ours, theirs, "{at} under {compiler}");
                compared += 1;
            }
        }
    }
    eprintln!("{compared} types compared");
}

/// A module file's includes are resolved as that file's.
#[test]
fn includes_of_a_module_file_are_seen_from_it() {
    let module = "module sizes\n  include 'sizes.inc'\nend module\n";
    let main = "subroutine s\n  use mpi\n  use sizes\n  integer :: t, ierr\n  call MPI_Type_contiguous(n, MPI_INTEGER, t, ierr)\nend subroutine\n";
    let inc = "  integer, parameter :: n = 5\n";
    let files = [("sizes.f90", module), ("sizes.inc", inc)];
    assert_eq!(types(main, &files), ["t: 20/20"]);
}
