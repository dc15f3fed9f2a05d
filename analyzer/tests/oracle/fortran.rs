//! The Fortran oracle: a gfortran program (through `mpif90.mpich`) that reports the Fortran
//! predefined datatypes and a few types built from them, in Fortran.

use std::fmt::Write as _;

use analyzer::dtype::{Api, Constructor, Datatype, DtypeError, Engine, Predefined};

/// Fortran predefined types reported on their own.
pub const PREDEFINED: &[&str] = &[
    "MPI_REAL",
    "MPI_DOUBLE_PRECISION",
    "MPI_INTEGER",
    "MPI_LOGICAL",
    "MPI_COMPLEX",
    "MPI_DOUBLE_COMPLEX",
    "MPI_CHARACTER",
    "MPI_REAL4",
    "MPI_REAL8",
    "MPI_REAL16",
    "MPI_INTEGER1",
    "MPI_INTEGER2",
    "MPI_INTEGER4",
    "MPI_INTEGER8",
    "MPI_INTEGER16",
    "MPI_COMPLEX8",
    "MPI_COMPLEX16",
    "MPI_COMPLEX32",
    "MPI_2REAL",
    "MPI_2DOUBLE_PRECISION",
    "MPI_2INTEGER",
];

type Build = Box<dyn Fn(&Engine) -> Result<Datatype, DtypeError>>;

pub struct FCase {
    pub label: String,
    /// Fortran statements that leave the type in `t` (and set `ierr`).
    pub code: String,
    /// Whether `t` is a derived type to commit and free (f90 types are predefined).
    pub derived: bool,
    pub build: Build,
}

fn p(e: &Engine, name: &str) -> Result<Datatype, DtypeError> {
    e.predefined(Predefined::from_name(name).expect("predefined"))
}

fn undef(x: Option<i128>) -> String {
    x.map_or("MPI_UNDEFINED".to_string(), |v| v.to_string())
}

pub fn cases() -> Vec<FCase> {
    let mut v = Vec::new();
    for &name in PREDEFINED {
        v.push(FCase {
            label: name.to_string(),
            code: format!("t = {name}; ierr = 0"),
            derived: false,
            build: Box::new(move |e| p(e, name)),
        });
    }
    let mut derived = |label: &str, code: &str, build: Build| {
        v.push(FCase {
            label: label.into(),
            code: code.into(),
            derived: true,
            build,
        });
    };
    derived(
        "vector(3,1,2,MPI_REAL)",
        "call MPI_Type_vector(3, 1, 2, MPI_REAL, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Vector {
                    count: 3,
                    blocklength: 1,
                    stride: 2,
                },
                Api::Standard,
                &[p(e, "MPI_REAL")?],
            )
        }),
    );
    derived(
        "vector(2,2,-3,MPI_DOUBLE_PRECISION)",
        "call MPI_Type_vector(2, 2, -3, MPI_DOUBLE_PRECISION, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Vector {
                    count: 2,
                    blocklength: 2,
                    stride: -3,
                },
                Api::Standard,
                &[p(e, "MPI_DOUBLE_PRECISION")?],
            )
        }),
    );
    derived(
        "struct{INTEGER@0, 2 DOUBLE_PRECISION@8, 5 CHARACTER@24}",
        "bl = (/1, 2, 5/); d = (/0_MPI_ADDRESS_KIND, 8_MPI_ADDRESS_KIND, 24_MPI_ADDRESS_KIND/)\n  \
         ty = (/MPI_INTEGER, MPI_DOUBLE_PRECISION, MPI_CHARACTER/)\n  \
         call MPI_Type_create_struct(3, bl, d, ty, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Struct {
                    blocklengths: vec![1, 2, 5],
                    displacements: vec![0, 8, 24],
                },
                Api::Standard,
                &[
                    p(e, "MPI_INTEGER")?,
                    p(e, "MPI_DOUBLE_PRECISION")?,
                    p(e, "MPI_CHARACTER")?,
                ],
            )
        }),
    );
    derived(
        "struct{LOGICAL@0, COMPLEX@4, 2INTEGER@12}",
        "bl = (/1, 1, 1/); d = (/0_MPI_ADDRESS_KIND, 4_MPI_ADDRESS_KIND, 12_MPI_ADDRESS_KIND/)\n  \
         ty = (/MPI_LOGICAL, MPI_COMPLEX, MPI_2INTEGER/)\n  \
         call MPI_Type_create_struct(3, bl, d, ty, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Struct {
                    blocklengths: vec![1, 1, 1],
                    displacements: vec![0, 4, 12],
                },
                Api::Standard,
                &[
                    p(e, "MPI_LOGICAL")?,
                    p(e, "MPI_COMPLEX")?,
                    p(e, "MPI_2INTEGER")?,
                ],
            )
        }),
    );
    derived(
        "resized(MPI_REAL8,0,16)",
        "call MPI_Type_create_resized(MPI_REAL8, 0_MPI_ADDRESS_KIND, 16_MPI_ADDRESS_KIND, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Resized { lb: 0, extent: 16 },
                Api::Standard,
                &[p(e, "MPI_REAL8")?],
            )
        }),
    );
    derived(
        "resized(MPI_2REAL,-4,12)",
        "call MPI_Type_create_resized(MPI_2REAL, -4_MPI_ADDRESS_KIND, 12_MPI_ADDRESS_KIND, t, ierr)",
        Box::new(|e| e.construct(&Constructor::Resized { lb: -4, extent: 12 }, Api::Standard, &[p(e, "MPI_2REAL")?])),
    );
    derived(
        "contiguous(3,MPI_2DOUBLE_PRECISION)",
        "call MPI_Type_contiguous(3, MPI_2DOUBLE_PRECISION, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Contiguous { count: 3 },
                Api::Standard,
                &[p(e, "MPI_2DOUBLE_PRECISION")?],
            )
        }),
    );
    derived(
        "hvector(2,1,12,MPI_DOUBLE_PRECISION)",
        "call MPI_Type_create_hvector(2, 1, 12_MPI_ADDRESS_KIND, MPI_DOUBLE_PRECISION, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Hvector {
                    count: 2,
                    blocklength: 1,
                    stride: 12,
                },
                Api::Standard,
                &[p(e, "MPI_DOUBLE_PRECISION")?],
            )
        }),
    );
    derived(
        "subarray((/4,5/),(/2,3/),(/1,1/),FORTRAN,MPI_COMPLEX)",
        "call MPI_Type_create_subarray(2, (/4, 5/), (/2, 3/), (/1, 1/), MPI_ORDER_FORTRAN, MPI_COMPLEX, t, ierr)",
        Box::new(|e| {
            e.construct(
                &Constructor::Subarray {
                    sizes: vec![4, 5],
                    subsizes: vec![2, 3],
                    starts: vec![1, 1],
                    order: analyzer::dtype::Order::Fortran,
                },
                Api::Standard,
                &[p(e, "MPI_COMPLEX")?],
            )
        }),
    );
    // The f90 parameterised types (predefined handles: not committed, not freed).
    let f90: Vec<(&str, Option<i128>, Option<i128>)> = vec![
        ("real", Some(6), None),
        ("real", Some(7), None),
        ("real", Some(15), None),
        ("real", None, Some(37)),
        ("real", None, Some(300)),
        ("real", Some(15), Some(307)),
        ("real", Some(18), None),
        ("real", Some(30), None),
        ("complex", Some(6), None),
        ("complex", Some(15), Some(300)),
        ("complex", None, Some(4000)),
        ("integer", None, Some(2)),
        ("integer", None, Some(4)),
        ("integer", None, Some(9)),
        ("integer", None, Some(10)),
        ("integer", None, Some(18)),
        ("integer", None, Some(30)),
    ];
    for (kind, prec, range) in f90 {
        let code = if kind == "integer" {
            format!(
                "call MPI_Type_create_f90_integer({}, t, ierr)",
                undef(range)
            )
        } else {
            format!(
                "call MPI_Type_create_f90_{kind}({}, {}, t, ierr)",
                undef(prec),
                undef(range)
            )
        };
        let ctor = match kind {
            "real" => Constructor::F90Real {
                precision: prec,
                range,
            },
            "complex" => Constructor::F90Complex {
                precision: prec,
                range,
            },
            _ => Constructor::F90Integer {
                range: range.unwrap(),
            },
        };
        v.push(FCase {
            label: format!("f90_{kind}(p={}, r={})", undef(prec), undef(range)),
            code,
            derived: false,
            build: Box::new(move |e| e.construct(&ctor, Api::Standard, &[])),
        });
    }
    // A vector over an f90 type.
    v.push(FCase {
        label: "vector(2,1,3,f90_real(15))".into(),
        code: "call MPI_Type_create_f90_real(15, MPI_UNDEFINED, t0, ierr)\n  \
               call MPI_Type_vector(2, 1, 3, t0, t, ierr)"
            .into(),
        derived: true,
        build: Box::new(|e| {
            let r = e.construct(
                &Constructor::F90Real {
                    precision: Some(15),
                    range: None,
                },
                Api::Standard,
                &[],
            )?;
            e.construct(
                &Constructor::Vector {
                    count: 2,
                    blocklength: 1,
                    stride: 3,
                },
                Api::Standard,
                &[r],
            )
        }),
    });
    v
}

/// The Fortran program; case `i` reports with id `i`.
pub fn program(cases: &[FCase]) -> String {
    let mut s = String::new();
    s.push_str(
        "program oracle\n  use mpi\n  implicit none\n  integer :: ierr, t, t0\n  integer :: bl(3), ty(3)\n  \
         integer(kind=MPI_ADDRESS_KIND) :: d(3)\n  t0 = MPI_DATATYPE_NULL\n  call MPI_Init(ierr)\n  \
         call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)\n  \
         call MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN, ierr)\n",
    );
    for (i, c) in cases.iter().enumerate() {
        let _ = writeln!(s, "  ! {}", c.label);
        let _ = writeln!(s, "  {}", c.code);
        let _ = writeln!(
            s,
            "  if (ierr /= MPI_SUCCESS) then\n    write(*, '(A,I0,A,I0)') 'E ', {i}, ' 0 ', ierr\n  else\n    call report({i}, t, {})\n  end if",
            if c.derived { ".true." } else { ".false." }
        );
        if c.derived {
            s.push_str("  if (ierr == MPI_SUCCESS) call MPI_Type_free(t, ierr)\n");
        }
    }
    s.push_str(
        "  write(*, '(A)') 'END'\n  call MPI_Finalize(ierr)\ncontains\n  subroutine report(id, t, derived)\n    \
         integer, intent(in) :: id, t\n    logical, intent(in) :: derived\n    integer :: tt, ierr\n    \
         integer(kind=MPI_COUNT_KIND) :: sz, lb, ext, tlb, text\n    tt = t\n    \
         if (derived) call MPI_Type_commit(tt, ierr)\n    call MPI_Type_size_x(tt, sz, ierr)\n    \
         if (ierr == MPI_SUCCESS) call MPI_Type_get_extent_x(tt, lb, ext, ierr)\n    \
         if (ierr == MPI_SUCCESS) call MPI_Type_get_true_extent_x(tt, tlb, text, ierr)\n    \
         if (ierr /= MPI_SUCCESS) then\n      write(*, '(A,I0,A,I0)') 'E ', id, ' 1001 ', ierr\n    \
         else\n      write(*, '(A,I0,5(1X,I0),A)') 'T ', id, sz, lb, ext, tlb, text, ' NP'\n    \
         end if\n  end subroutine report\n\
         end program oracle\n",
    );
    s
}
