//! Unit tests of the Fortran front end that look at what it lowers to (the IR) and at the
//! evaluated arguments: spans of fixed-form tokens, kinds of address arguments, character
//! buffers. The front end's behaviour seen from outside is tested in tests/fortran_lowering.rs.

use crate::analysis::{analyze_under, Analysis};
use crate::dtype::MpiModel;
use crate::eval::ArgumentValue;
use crate::ir::{Expr, ExprKind, Init, Stmt, StmtKind, Ty};
use crate::source::{FortranForm, Language};

const FREE: Language = Language::fortran(FortranForm::Free, false);
const FIXED: Language = Language::fortran(FortranForm::Fixed, false);

fn run(text: &str, language: Language) -> Analysis {
    analyze_under(text, language, MpiModel::Mpich)
}

#[test]
fn address_arguments_keep_their_declared_kind() {
    let text = "program k
  use mpi
  integer :: t, ierr, stride4
  integer(kind=MPI_ADDRESS_KIND) :: stride8
  stride4 = 16
  stride8 = 16
  call MPI_Type_create_hvector(2, 1, stride4, MPI_REAL, t, ierr)
  call MPI_Type_create_hvector(2, 1, stride8, MPI_REAL, t, ierr)
end program
";
    let analysis = run(text, FREE);
    let kinds: Vec<String> = analysis
        .evaluation
        .calls
        .iter()
        .map(|c| match c.args[2].declared.as_deref() {
            Some(Ty::Fortran { kind, .. }) => format!("{:?}", kind.as_ref().map(|k| &k.kind)),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(kinds, ["None", "Some(Name(\"MPI_ADDRESS_KIND\"))"]);
    assert!(matches!(
        analysis.evaluation.calls.iter().next().unwrap().args[2].value,
        ArgumentValue::Int(16)
    ));
}

/// Each `MPI_Bcast` buffer as `object+offset/bytes element_size`, `?` for what is unknown.
fn bcast_buffers(analysis: &Analysis) -> Vec<String> {
    analysis
        .evaluation
        .calls
        .iter()
        .filter(|c| c.function.name == "MPI_Bcast")
        .map(|c| match &c.args[0].value {
            ArgumentValue::Buffer(b) => {
                let n = |v: Option<i128>| v.map_or("?".to_owned(), |v| v.to_string());
                let element = b.element.as_ref();
                let character = element.is_some_and(|e| {
                    matches!(
                        e.resolved,
                        Ty::Fortran {
                            ty: crate::layout::FortranType::Character,
                            len: None,
                            ..
                        }
                    )
                });
                format!(
                    "{}+{}/{} {}{}",
                    b.object,
                    n(b.offset),
                    n(b.object_bytes),
                    n(element.and_then(|e| e.size)),
                    if character { "c" } else { "" }
                )
            }
            other => format!("{other:?}"),
        })
        .collect()
}

/// MPI counts characters (MPI-4.1 §3.3.1): the element of a CHARACTER(LEN=n) buffer is one
/// character, whatever n; a substring starts at its first character.
#[test]
fn character_buffers_are_counted_in_characters() {
    let free = "program c
  use mpi
  implicit none
  integer, parameter :: nl = 64
  type rec
     sequence
     integer :: id
     character(len=12) :: tag
  end type rec
  character(len=256) :: str
  character*16 :: s77
  character(len=nl) :: sp
  character(len=8) :: names(10)
  character(kind=4, len=3) :: wide
  type(rec) :: r
  integer :: ierr, i
  call MPI_Bcast(str, 256, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(s77, 16, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(sp, nl, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(names, 80, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(names(3), 8, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(wide, 3, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(str(11:20), 10, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(str(:5), 5, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(str(251:), 6, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(names(3)(2:4), 3, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(r%tag(5:), 8, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(wide(2:3), 2, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(str(i:i+3), 4, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(str(257:), 0, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(str(0:3), 4, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(names(2:3), 16, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(other(1:4), 4, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
end program
";
    assert_eq!(
        bcast_buffers(&run(free, FREE)),
        [
            "str+0/256 1c",
            "s77+0/16 1c",
            "sp+0/64 1c",
            "names+0/80 1c",
            "names+16/80 1c",
            "wide+0/12 4c",
            "str+10/256 1c",
            "str+0/256 1c",
            "str+250/256 1c",
            "names+17/80 1c",
            "r+8/16 1c",
            "wide+4/12 4c",
            // Where the substring starts is not known; what it holds is.
            "str+?/? 1c",
            // A zero-length substring and one before character 1: unknown.
            "str+?/? 1c",
            "str+?/? 1c",
            // A contiguous section starts at its first element.
            "names+8/80 1c",
            // Declared nowhere here: another unit's array, maybe.
            "Unknown",
        ]
    );
    // Fixed form, `mpif.h`, `CHARACTER*(n)` with a PARAMETER, `CHARACTER NAME*8`, `CHARACTER*(*)`.
    let fixed = "      PROGRAM C
      INCLUDE 'mpif.h'
      INTEGER NL, IERR
      PARAMETER (NL = 132)
      CHARACTER*(NL) LINE
      CHARACTER NAME*8, TAGS(4)*4
      CALL MPI_BCAST(LINE, NL, MPI_CHARACTER, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_BCAST(NAME, 8, MPI_CHARACTER, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_BCAST(TAGS(2), 12, MPI_CHARACTER, 0, MPI_COMM_WORLD,
     &               IERR)
      CALL MPI_BCAST(LINE(3:), 130, MPI_CHARACTER, 0, MPI_COMM_WORLD,
     &               IERR)
      END
      SUBROUTINE S(ARG)
      INCLUDE 'mpif.h'
      CHARACTER*(*) ARG
      INTEGER IERR
      CALL MPI_BCAST(ARG, LEN(ARG), MPI_CHARACTER, 0, MPI_COMM_WORLD,
     &               IERR)
      END
";
    assert_eq!(
        bcast_buffers(&run(fixed, FIXED)),
        [
            "line+0/132 1c",
            "name+0/8 1c",
            "tags+4/16 1c",
            "line+2/132 1c",
            // An assumed length: one character per element, the length unknown.
            "arg+0/? 1c",
        ]
    );
}

/// Every name and integer literal of the IR, with its span.
fn tokens(stmts: &[Stmt], out: &mut Vec<Expr>) {
    fn expr(e: &Expr, out: &mut Vec<Expr>) {
        match &e.kind {
            ExprKind::Name(_) | ExprKind::Int(_) => out.push(e.clone()),
            ExprKind::Unary(_, a) => expr(a, out),
            ExprKind::Binary(_, a, b) => {
                expr(a, out);
                expr(b, out);
            }
            ExprKind::Call { args, .. } | ExprKind::ArrayCtor(args) => {
                args.iter().for_each(|a| expr(a, out))
            }
            ExprKind::Index { base, indices } => {
                expr(base, out);
                indices.iter().for_each(|a| expr(a, out));
            }
            ExprKind::Member { base, .. } => expr(base, out),
            ExprKind::Substring { base, lower, upper } => {
                expr(base, out);
                lower.iter().chain(upper).for_each(|a| expr(a, out));
            }
            _ => {}
        }
    }
    for s in stmts {
        match &s.kind {
            StmtKind::Decl(d) => {
                if let Some(Init::Expr(e)) = &d.init {
                    expr(e, out);
                }
            }
            StmtKind::Assign { target, value } => {
                expr(target, out);
                expr(value, out);
            }
            StmtKind::Eval(e) => expr(e, out),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                expr(cond, out);
                tokens(then, out);
                tokens(otherwise, out);
            }
            StmtKind::Loop { init, body, .. } => {
                tokens(init, out);
                tokens(body, out);
            }
            StmtKind::Block(b) => tokens(b, out),
            _ => {}
        }
    }
}

#[test]
fn fixed_form_spans_map_back_to_the_original_tokens() {
    // Continuations of every kind (digit, `&`, `$`, a tab-format one), a name split across a
    // continuation, a label, text past column 72 and comment lines in between.
    let text = "C     spans survive the rewrite
      PROGRAM SPANS
      INCLUDE 'mpif.h'
      INTEGER NX, NY, ITYPE, IERR
      PARAMETER (NX = 12,
     1           NY = 34)
      DIMENSION IDX(NX)
*     a comment between statements
      DO 10 I = 1, NX
         IDX(I) = I * NY
   10 CONTINUE
      CALL MPI_TYPE_VEC
     &TOR(NX, 2, NY, MPI_REAL,                                          COLUMNS 73+
     $     ITYPE, IERR)
\tCALL MPI_TYPE_COMMIT(ITYPE,
\t1 IERR)
      END
";
    let analysis = run(text, FIXED);
    let mut all = Vec::new();
    for f in &analysis.program.functions {
        tokens(&f.body, &mut all);
    }
    let mut checked = 0;
    // Hidden loop-bound locals (`do.end.1`) are no tokens.
    let written_tokens = all
        .iter()
        .filter(|t| !matches!(&t.kind, ExprKind::Name(n) if n.contains('.')));
    for token in written_tokens.filter(|t| !t.span.is_empty()) {
        let written = analysis.slice(token.span);
        match &token.kind {
            ExprKind::Name(n) => assert!(written.eq_ignore_ascii_case(n), "{n} at {written:?}"),
            ExprKind::Int(v) => assert_eq!(written.parse::<i128>().ok(), Some(*v), "{written:?}"),
            _ => unreachable!(),
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} tokens checked");
    // The constructor call is reported on the line and column of its CALL.
    let types = analysis.types();
    assert_eq!((types[0].line, types[0].column), (12, 7));
    assert_eq!(types[0].name, "ITYPE");
    assert!(types[0].datatype.is_some());
}

/// cpp's expansions move offsets: a token copied from the file maps back to itself, one a
/// macro's use made to the whole use, in fixed form and free.
#[test]
fn spans_map_back_through_macro_expansions() {
    let fixed = "#define _RL Real*8
#define NX 12
#define COLS(n) (n) * 2
      PROGRAM SPANS
      INCLUDE 'mpif.h'
      _RL A(NX, 3)
      INTEGER ITYPE, IERR
      CALL MPI_TYPE_VECTOR(COLS( NX ), 2, NX, MPI_REAL8,
     &     ITYPE, IERR)
      END
";
    let free = fixed.replace(",\n     &", ", &\n     ");
    let cases = [
        (
            fixed.to_owned(),
            Language::fortran(FortranForm::Fixed, true),
        ),
        (free, Language::fortran(FortranForm::Free, true)),
    ];
    for (text, language) in cases {
        let analysis = run(&text, language);
        let mut all = Vec::new();
        for f in &analysis.program.functions {
            tokens(&f.body, &mut all);
        }
        let uses = ["NX", "COLS( NX )", "_RL"];
        let mut checked = 0;
        for token in all.iter().filter(|t| !t.span.is_empty()) {
            let written = analysis.slice(token.span);
            let copied = match &token.kind {
                ExprKind::Name(n) => written.eq_ignore_ascii_case(n),
                ExprKind::Int(v) => written.parse::<i128>().ok() == Some(*v),
                _ => unreachable!(),
            };
            assert!(
                copied || uses.contains(&written),
                "{token:?} at {written:?}"
            );
            checked += 1;
        }
        assert!(checked >= 6, "only {checked} tokens checked");
        let types = analysis.types();
        assert_eq!((types[0].line, types[0].column), (8, 7));
        assert_eq!(types[0].name, "ITYPE");
        assert!(analysis.notes.is_empty(), "{:?}", analysis.notes);
        let count = &analysis.evaluation.calls.iter().next().unwrap().args[0].value;
        assert!(matches!(count, ArgumentValue::Int(24)), "{count:?}");
    }
}

/// `f(i) = ...` of a name that is no array is a statement function before the unit's first
/// executable statement; after it, the element of an array declared out of sight (here in a
/// header not found), which must not turn that array's later uses into references.
#[test]
fn element_assignments_after_the_executable_part_begins_are_no_statement_functions() {
    let text = "      PROGRAM P
      INCLUDE 'mpif.h'
      INCLUDE 'aints.h'
      INTEGER LENS(3), TYPES(3), T, IERR, I
      CALL MPI_INIT(IERR)
      DISPS(1) = 0
      DO I = 1, 3
         DISPS(I) = (I - 1) * 8
      END DO
      DO I = 1, 3
         LENS(I) = 2
         TYPES(I) = MPI_INTEGER
         DISPS(I) = (I - 1) * 16
      END DO
      CALL MPI_TYPE_CREATE_STRUCT(3, LENS, DISPS, TYPES, T, IERR)
      END
";
    let analysis = run(text, FIXED);
    let types = analysis.types();
    assert!(types[0].datatype.is_none(), "the displacements are unseen");
    let size = types[0].partial.as_ref().and_then(|p| p.size());
    assert_eq!(size, Some(24));
}

/// Declarations of an `INCLUDE`d file are the including unit's, in fixed and free form (with
/// `#include` too), each its own variable although all stand at the directive.
#[test]
fn included_declarations_declare_the_including_units_names() {
    let sends = "      call MPI_SEND(buf, 10, MPI_DOUBLE_PRECISION, 0, 0,\n     &              MPI_COMM_WORLD, ierr)\n      call MPI_SEND(flag, 1, MPI_LOGICAL, 0, 0, MPI_COMM_WORLD, ierr)\n      call MPI_SEND(name, 16, MPI_CHARACTER, 0, 0, MPI_COMM_WORLD, ierr)\n";
    let declarations =
        "      double precision buf(10)\n      logical flag\n      character(len=16) name\n";
    let cases = [
        (
            format!("      program p\n      include 'mpif.h'\n      include 'decl.inc'\n      integer ierr\n{sends}      end\n"),
            FIXED,
        ),
        (
            format!("      program q\n      use mpi\n      implicit none\n#include \"decl.inc\"\n      integer :: ierr\n{}      end program\n", sends.replace("\n     &", " &\n     ")),
            Language::fortran(FortranForm::Free, true),
        ),
    ];
    for (text, language) in cases {
        let mut includes = std::collections::HashMap::new();
        includes.insert("decl.inc".to_owned(), declarations.to_owned());
        let analysis = crate::analysis::analyze(
            &text,
            language,
            &crate::analysis::AnalysisOptions::default(),
            &mut includes,
        );
        let found = crate::checks::check(&analysis, &crate::checks::RuleSelection::default());
        assert!(found.is_empty(), "{text}: {found:#?}");
        let sizes: Vec<Option<i128>> = analysis
            .evaluation
            .calls
            .iter()
            .map(|call| match &call.args[0].value {
                ArgumentValue::Buffer(buffer) => buffer.object_bytes,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(sizes, [Some(80), Some(4), Some(16)], "{text}");
    }
}

/// A name that may be declared where the analysis did not look (an include not found, a module
/// of another file) gets no implicit type: no finding is guessed from one.
#[test]
fn names_declared_out_of_sight_are_not_implicitly_typed() {
    let send = "      call MPI_SEND(buf, 10, MPI_DOUBLE_PRECISION, 0, 0,\n     &              MPI_COMM_WORLD, ierr)\n";
    let program = |specification: &str| {
        format!("      program p\n      include 'mpif.h'\n{specification}      integer ierr\n{send}      end\n")
    };
    let hidden = [
        program("      include 'missing.inc'\n"),
        program("      use elsewhere\n"),
        program("      use elsewhere, only: buf\n"),
        format!("      include 'missing.inc'\n{}", program("")),
        format!(
            "      module m\n      use elsewhere\n      end module m\n{}",
            program("      use m\n")
        ),
    ];
    for text in &hidden {
        let analysis = run(text, FIXED);
        let found = crate::checks::check(&analysis, &crate::checks::RuleSelection::default());
        assert!(found.is_empty(), "{text}: {found:#?}");
    }
    // Where every source was read, implicit typing stands (and `buf` is REAL).
    for text in [program(""), program("      use elsewhere, only: other\n")] {
        let analysis = run(&text, FIXED);
        let found = crate::checks::check(&analysis, &crate::checks::RuleSelection::default());
        assert!(
            found.iter().any(|d| d.rule.id == "buffer-type-mismatch"),
            "{text}: {found:#?}"
        );
    }
}
