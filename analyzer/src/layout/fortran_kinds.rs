//! The default kinds a Fortran compiler was told to use: gfortran's `-fdefault-integer-8`,
//! `-fdefault-real-8` and `-fdefault-double-8`. They change the user's declarations only: the
//! MPI library was not compiled with them, so `MPI_REAL` and `MPI_INTEGER` keep the target's
//! default kinds.

use super::{FortranType, Target};

/// Kinds for declarations that do not give one; `None` is gfortran's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FortranKinds {
    /// The kind of `INTEGER` and `LOGICAL` (`-fdefault-integer-8` sets both).
    pub integer: Option<u32>,
    /// The kind of `REAL` and `COMPLEX`.
    pub real: Option<u32>,
    /// The `REAL` kind of `DOUBLE PRECISION` (and `COMPLEX` kind of `DOUBLE COMPLEX`).
    pub double: Option<u32>,
}

impl FortranKinds {
    /// The kind of a `ty` declared without one, when it is not the compiler's default; `None`
    /// leaves it to the target, as for MPI's own types.
    pub(crate) fn default_kind(self, ty: FortranType) -> Option<u32> {
        match ty {
            FortranType::Integer | FortranType::Logical => self.integer,
            FortranType::Real | FortranType::Complex => self.real,
            FortranType::Character => None,
        }
    }

    /// The kind of `DOUBLE PRECISION`: as gfortran, a default `REAL` wider than 4 bytes makes
    /// it 16 unless `double` says otherwise.
    pub(crate) fn double_precision_kind(self, target: Target) -> u32 {
        let base = target.fortran_double_precision_kind();
        match (self.double, self.real) {
            (Some(kind), _) => kind,
            (None, Some(real)) if real > target.fortran_default_kind(FortranType::Real) => 16,
            (None, _) => base,
        }
    }

    /// These kinds where `other` leaves one unset.
    pub fn or(self, other: FortranKinds) -> FortranKinds {
        FortranKinds {
            integer: self.integer.or(other.integer),
            real: self.real.or(other.real),
            double: self.double.or(other.double),
        }
    }
}
