//! What kind of value a scalar is, to compare a buffer's declared types with a datatype's basic
//! types: the class and the size must agree (`long` is not `MPI_INT`; `float` is not `MPI_INT32_T`
//! although both have 4 bytes). One-byte character and integer types are interchangeable, and
//! `MPI_BYTE`/`MPI_PACKED` match everything. Integers also have a signedness, which a buffer
//! and a datatype that otherwise match may still disagree on (`unsigned int` and `MPI_INT`).

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
    /// For an integer, whether it is signed, when the C and Fortran standards say so (not for
    /// `wchar_t`, whose signedness is the target's).
    pub signed: Option<bool>,
}

impl Scalar {
    /// Same class and size: the values have the same representation but for the sign.
    pub(super) fn matches(self, other: Scalar) -> bool {
        self.class == Class::Byte
            || other.class == Class::Byte
            || (self.class, self.size) == (other.class, other.size)
    }

    /// The same storage: matching, or a complex and a real of half its size (a complex is a
    /// pair of reals of its kind in memory: C11 6.2.5p13, Fortran's storage association).
    pub(super) fn same_storage(self, other: Scalar) -> bool {
        let halves = |a: Scalar, b: Scalar| {
            a.class == Class::Complex && b.class == Class::Real && a.size == 2 * b.size
        };
        self.matches(other) || halves(self, other) || halves(other, self)
    }

    /// Matching integers of which one is signed and the other not.
    pub(super) fn differs_in_sign(self, other: Scalar) -> bool {
        self.matches(other) && matches!((self.signed, other.signed), (Some(a), Some(b)) if a != b)
    }
}

/// Whether a C integer type is signed; `None` for the others and for `wchar_t`.
fn c_signed(c: CType) -> Option<bool> {
    use CType::*;
    match c {
        UnsignedShort | UnsignedInt | UnsignedLong | UnsignedLongLong | UInt16 | UInt32
        | UInt64 | SizeT => Some(false),
        Short | Int | Long | LongLong | Int16 | Int32 | Int64 | PtrdiffT | IntptrT | Int128
        | MpiAint | MpiOffset | MpiCount | MpiFint => Some(true),
        _ => None,
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

/// Fortran's integers are signed.
fn fortran_signed(f: FortranType) -> Option<bool> {
    (f == FortranType::Integer).then_some(true)
}

/// A basic MPI datatype as a scalar (`None` for pairs and markers).
pub(crate) fn of_basic(p: Predefined, target: Target) -> Option<Scalar> {
    let size = i128::from(p.basic_layout(target)?.size);
    let (class, signed) = match p.repr() {
        Repr::C(c) => (c_class(c), c_signed(c)),
        Repr::Fortran(f, _) => (fortran_class(f), fortran_signed(f)),
        Repr::Byte => (Class::Byte, None),
        Repr::Pair(..) | Repr::Marker(_) => return None,
    };
    Some(Scalar {
        class,
        size,
        signed,
    })
}

/// A declared scalar type of `size` bytes as a scalar (`None` for types that are not scalars).
pub(crate) fn of_type(ty: &Ty, size: i128) -> Option<Scalar> {
    let (class, signed) = match ty {
        Ty::C(CType::Pointer) => return None,
        Ty::C(c) => (c_class(*c), c_signed(*c)),
        Ty::Fortran { ty, .. } => (fortran_class(*ty), fortran_signed(*ty)),
        _ => return None,
    };
    Some(Scalar {
        class,
        size,
        signed,
    })
}

/// A struct member as a scalar.
pub(crate) fn of_member(m: &Member) -> Option<Scalar> {
    of_type(&m.ty, m.size)
}
