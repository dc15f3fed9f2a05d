//! "Generate MPI datatype for this type" on Fortran SEQUENCE and BIND(C) types: the generated
//! code, re-analysed, evaluates to the type's exact size and extent, and compiles with MPICH.

use std::process::Command;

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::fix::{self, Fix};
use analyzer::ide;
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;

fn analysis(text: &str, file: &str) -> Analysis {
    let language = Language::from_path(std::path::Path::new(file)).expect("a Fortran file");
    analyze(text, language, &AnalysisOptions::default(), &mut NoIncludes)
}

/// Applies the generated code for the type declared at `marker`; returns the new text and the
/// type's size.
fn generate(text: &str, file: &str, marker: &str) -> (String, i128) {
    let before = analysis(text, file);
    let at = text.find(marker).expect("marker in the text");
    let generated = ide::generate_datatype(&before, at).expect("code generated");
    let size = ide::aggregate_layout_at(&before, at).expect("layout").size;
    let fix = Fix {
        title: generated.title,
        applicability: fix::Applicability::Unsafe,
        edits: generated.edits,
    };
    (fix::apply(text, &[&fix]).text, size)
}

/// The size and extent of the type the generated subroutine commits.
fn generated_values(text: &str, file: &str) -> (i128, i128) {
    let after = analysis(text, file);
    let report = after
        .types()
        .into_iter()
        .find(|t| t.constructor == "MPI_Type_create_resized" && t.name == "newtype")
        .expect("the generated resized type");
    let dt = report.datatype.expect("evaluated");
    (dt.size(), dt.summary(after.model).extent())
}

fn compiles(text: &str, file: &str) {
    if Command::new("mpif90.mpich")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "mpif90.mpich is required under CI"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("mpi-dtype-lint-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    let out = Command::new("mpif90.mpich")
        .args(["-fsyntax-only", "-J"])
        .arg(&dir)
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const FREE: &str = r#"
module particles
  use mpi
  implicit none
  type, bind(c) :: particle
     real(8) :: pos(3)
     integer :: id
     character :: species
  end type particle
end module particles
"#;

const FIXED: &str = r#"
      PROGRAM CELLS
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      TYPE CELL
         SEQUENCE
         DOUBLE PRECISION RHO
         INTEGER FLAG
      END TYPE CELL
      TYPE(CELL) C(10)
      END
"#;

const F08: &str = r#"
program f08cells
  use mpi_f08
  implicit none
  type cell
     sequence
     integer :: id
     real(8) :: u(2)
  end type cell
end program f08cells
"#;

#[test]
fn free_form_bind_c_type() {
    let (text, size) = generate(FREE, "gen.f90", "type, bind(c)");
    assert_eq!(generated_values(&text, "gen.f90"), (29, size));
    assert_eq!(size, 32);
    compiles(&text, "gen.f90");
}

#[test]
fn fixed_form_sequence_type_in_a_program_without_contains() {
    let (text, size) = generate(FIXED, "gen.f", "TYPE CELL");
    assert!(text.contains("      contains\n"), "{text}");
    assert!(
        text.lines().all(|l| l.starts_with('!') || l.len() <= 72),
        "{text}"
    );
    assert_eq!(generated_values(&text, "gen.f"), (12, size));
    compiles(&text, "gen.f");
}

#[test]
fn mpi_f08_handles() {
    let (text, size) = generate(F08, "gen08.f90", "type cell");
    assert!(
        text.contains("type(MPI_Datatype), intent(out) :: newtype"),
        "{text}"
    );
    assert_eq!(generated_values(&text, "gen08.f90"), (20, size));
    compiles(&text, "gen08.f90");
}
