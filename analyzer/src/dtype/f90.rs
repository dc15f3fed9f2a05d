//! `MPI_Type_create_f90_real/complex/integer`: the predefined type matching gfortran's
//! `selected_real_kind(p, r)` / `selected_int_kind(r)`, within what MPICH and Open MPI support
//! (both refuse more than 18 decimal digits of precision and integers beyond 18 digits).

use super::{DtypeError, Predefined};
use crate::layout::{FortranType, Target};

type Result<T> = std::result::Result<T, DtypeError>;

/// (kind, precision, range) of gfortran's real kinds that MPI libraries map.
const REAL_KINDS: [(u32, i128, i128); 3] = [(4, 6, 37), (8, 15, 307), (10, 18, 4931)];

/// The REAL kind for precision `p` and range `r` (`None` is `MPI_UNDEFINED`).
pub(crate) fn real_kind(target: Target, p: Option<i128>, r: Option<i128>) -> Result<u32> {
    let found = REAL_KINDS
        .iter()
        .find(|&&(_, kp, kr)| p.is_none_or(|p| p <= kp) && r.is_none_or(|r| r <= kr))
        .map(|&(kind, ..)| kind);
    let what = || format!("precision {} and range {}", show(p), show(r));
    match found {
        // Without x87 extended precision the next kind is quad precision.
        Some(10) if target.fortran(FortranType::Real, 10).is_none() => Ok(16),
        Some(kind) => Ok(kind),
        None => Err(DtypeError::NoMatchingKind {
            kind: "REAL",
            what: what(),
        }),
    }
}

fn show(v: Option<i128>) -> String {
    v.map_or_else(|| "MPI_UNDEFINED".to_owned(), |v| v.to_string())
}

/// The predefined type of a REAL (or COMPLEX) of `kind`. Kind 10 is C's `long double`, which
/// is what Open MPI returns (MPICH 4.0.2 refuses it).
pub(crate) fn predefined_for(complex: bool, kind: u32) -> Result<Predefined> {
    use Predefined::*;
    Ok(match (complex, kind) {
        (false, 4) => Real4,
        (false, 8) => Real8,
        (false, 10) => LongDouble,
        (false, _) => Real16,
        (true, 4) => Complex8,
        (true, 8) => Complex16,
        (true, 10) => CLongDoubleComplex,
        (true, _) => Complex32,
    })
}

/// The INTEGER type holding `r` decimal digits.
pub(crate) fn integer_for(r: i128) -> Result<Predefined> {
    use Predefined::*;
    [(2, Integer1), (4, Integer2), (9, Integer4), (18, Integer8)]
        .into_iter()
        .find(|&(digits, _)| r <= digits)
        .map(|(_, p)| p)
        .ok_or_else(|| DtypeError::NoMatchingKind {
            kind: "INTEGER",
            what: format!("range {r}"),
        })
}
