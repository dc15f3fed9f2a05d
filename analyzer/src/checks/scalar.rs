//! What kind of value a scalar is, to compare a buffer's declared types with a datatype's basic
//! types: the class and the size must agree (`long` is not `MPI_INT`; `float` is not `MPI_INT32_T`
//! although both have 4 bytes). One-byte character and integer types are interchangeable, and
//! `MPI_BYTE`/`MPI_PACKED` match everything.

use crate::dtype::{Predefined, Repr};
use crate::ir::Ty;
use crate::layout::aggregate::Member;
use crate::layout::{CType, FortranType, Target};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Integer,
    Real,
    Complex,
    Logical,
    /// One-byte characters and integers.
    Char,
    /// `MPI_BYTE`, `MPI_PACKED`: raw bytes.
    Byte,
}

/// A scalar's class and size in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scalar {
    pub class: Class,
    pub size: i128,
}

impl Scalar {
    pub(super) fn matches(self, other: Scalar) -> bool {
        self.class == Class::Byte || other.class == Class::Byte || self == other
    }
}

fn c_class(c: CType) -> Class {
    use CType::*;
    match c {
        Char | SignedChar | UnsignedChar | Int8 | UInt8 => Class::Char,
        _ if c.is_complex() => Class::Complex,
        _ if c.is_floating() => Class::Real,
        Bool => Class::Logical,
        _ => Class::Integer,
    }
}

fn fortran_class(f: FortranType) -> Class {
    match f {
        FortranType::Integer => Class::Integer,
        FortranType::Real => Class::Real,
        FortranType::Complex => Class::Complex,
        FortranType::Logical => Class::Logical,
        FortranType::Character => Class::Char,
    }
}

/// A basic MPI datatype as a scalar (`None` for pairs and markers).
pub(crate) fn of_basic(p: Predefined, target: Target) -> Option<Scalar> {
    let size = i128::from(p.basic_layout(target)?.size);
    let class = match p.repr() {
        Repr::C(c) => c_class(c),
        Repr::Fortran(f, _) => fortran_class(f),
        Repr::Byte => Class::Byte,
        Repr::Pair(..) | Repr::Marker(_) => return None,
    };
    Some(Scalar { class, size })
}

/// A declared scalar type of `size` bytes as a scalar (`None` for types that are not scalars).
pub(crate) fn of_type(ty: &Ty, size: i128) -> Option<Scalar> {
    let class = match ty {
        Ty::C(CType::Pointer) => return None,
        Ty::C(c) => c_class(*c),
        Ty::Fortran { ty, .. } => fortran_class(*ty),
        _ => return None,
    };
    Some(Scalar { class, size })
}

/// A struct member as a scalar.
pub(crate) fn of_member(m: &Member) -> Option<Scalar> {
    of_type(&m.ty, m.size)
}
