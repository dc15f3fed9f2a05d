//! Errors a constructor call raises, as MPI would raise them (or worse, not raise them and
//! compute garbage). Rules report these; the engine never panics on bad arguments.

use std::fmt;

/// Which C type bounds an argument, as the API in use declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntKind {
    /// `int` (and Fortran default `INTEGER`).
    Int,
    /// `MPI_Aint` (`INTEGER(KIND=MPI_ADDRESS_KIND)`).
    Aint,
    /// `MPI_Count` (`INTEGER(KIND=MPI_COUNT_KIND)`).
    Count,
}

impl fmt::Display for IntKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IntKind::Int => "int",
            IntKind::Aint => "MPI_Aint",
            IntKind::Count => "MPI_Count",
        })
    }
}

/// Why a datatype cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DtypeError {
    #[error("{arg} is {value}; it must be non-negative")]
    Negative { arg: &'static str, value: i128 },
    #[error("{arg} is {value}, outside the range of {kind}")]
    OutOfRange {
        arg: &'static str,
        value: i128,
        kind: IntKind,
    },
    #[error("{arg} has {len} elements but count is {count}")]
    ArrayLength {
        arg: &'static str,
        len: usize,
        count: usize,
    },
    #[error("the datatype's {what} overflows MPI_Aint")]
    Overflow { what: &'static str },
    #[error("{0}")]
    InvalidArgument(String),
    #[error("{0} is not a valid old type here")]
    InvalidOldType(&'static str),
    #[error("{0} does not exist on target {1}")]
    UnsupportedOnTarget(&'static str, &'static str),
    #[error("no Fortran {kind} kind has {what}")]
    NoMatchingKind { kind: &'static str, what: String },
}
