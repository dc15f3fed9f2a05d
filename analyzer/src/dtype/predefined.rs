//! The predefined MPI datatypes: the basic types that make up every typemap, the pair types used
//! by `MPI_MINLOC`/`MPI_MAXLOC`, and the MPI-1 bound markers `MPI_LB`/`MPI_UB`.

use crate::layout::{CType, FortranType, SizeAlign, Target};

/// What a predefined datatype stands for in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repr {
    /// One C object of this type.
    C(CType),
    /// One Fortran object of this type and kind; `None` is the default kind.
    Fortran(FortranType, Option<u32>),
    /// `MPI_BYTE` and `MPI_PACKED`: one untyped byte.
    Byte,
    /// A pair type: a C struct `{ first; second; }` laid out by the target ABI, or for the
    /// Fortran pairs two consecutive values.
    Pair(Predefined, Predefined),
    /// `MPI_LB` / `MPI_UB`: zero-size bound markers of MPI-1.
    Marker(Marker),
}

/// The MPI-1 bound markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Marker {
    Lb,
    Ub,
}

macro_rules! predefined {
    ($( $variant:ident = $name:literal => $repr:expr; )*) => {
        /// A predefined MPI datatype handle.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Predefined { $( $variant, )* }

        impl Predefined {
            /// Every predefined datatype, in declaration order.
            pub const ALL: &'static [Predefined] = &[ $( Predefined::$variant, )* ];

            /// The canonical MPI name, as C spells it (`MPI_DOUBLE_PRECISION`).
            pub fn name(self) -> &'static str {
                match self { $( Predefined::$variant => $name, )* }
            }

            /// What the datatype stands for in memory.
            pub(crate) fn repr(self) -> Repr {
                use Predefined::*;
                match self { $( $variant => $repr, )* }
            }
        }
    };
}

predefined! {
    Char = "MPI_CHAR" => Repr::C(CType::Char);
    SignedChar = "MPI_SIGNED_CHAR" => Repr::C(CType::SignedChar);
    UnsignedChar = "MPI_UNSIGNED_CHAR" => Repr::C(CType::UnsignedChar);
    Byte = "MPI_BYTE" => Repr::Byte;
    Packed = "MPI_PACKED" => Repr::Byte;
    Short = "MPI_SHORT" => Repr::C(CType::Short);
    UnsignedShort = "MPI_UNSIGNED_SHORT" => Repr::C(CType::UnsignedShort);
    Int = "MPI_INT" => Repr::C(CType::Int);
    Unsigned = "MPI_UNSIGNED" => Repr::C(CType::UnsignedInt);
    Long = "MPI_LONG" => Repr::C(CType::Long);
    UnsignedLong = "MPI_UNSIGNED_LONG" => Repr::C(CType::UnsignedLong);
    LongLong = "MPI_LONG_LONG_INT" => Repr::C(CType::LongLong);
    UnsignedLongLong = "MPI_UNSIGNED_LONG_LONG" => Repr::C(CType::UnsignedLongLong);
    Float = "MPI_FLOAT" => Repr::C(CType::Float);
    Double = "MPI_DOUBLE" => Repr::C(CType::Double);
    LongDouble = "MPI_LONG_DOUBLE" => Repr::C(CType::LongDouble);
    WChar = "MPI_WCHAR" => Repr::C(CType::WChar);
    CBool = "MPI_C_BOOL" => Repr::C(CType::Bool);
    Int8 = "MPI_INT8_T" => Repr::C(CType::Int8);
    Int16 = "MPI_INT16_T" => Repr::C(CType::Int16);
    Int32 = "MPI_INT32_T" => Repr::C(CType::Int32);
    Int64 = "MPI_INT64_T" => Repr::C(CType::Int64);
    UInt8 = "MPI_UINT8_T" => Repr::C(CType::UInt8);
    UInt16 = "MPI_UINT16_T" => Repr::C(CType::UInt16);
    UInt32 = "MPI_UINT32_T" => Repr::C(CType::UInt32);
    UInt64 = "MPI_UINT64_T" => Repr::C(CType::UInt64);
    CFloatComplex = "MPI_C_FLOAT_COMPLEX" => Repr::C(CType::FloatComplex);
    CDoubleComplex = "MPI_C_DOUBLE_COMPLEX" => Repr::C(CType::DoubleComplex);
    CLongDoubleComplex = "MPI_C_LONG_DOUBLE_COMPLEX" => Repr::C(CType::LongDoubleComplex);
    CxxBool = "MPI_CXX_BOOL" => Repr::C(CType::Bool);
    CxxFloatComplex = "MPI_CXX_FLOAT_COMPLEX" => Repr::C(CType::FloatComplex);
    CxxDoubleComplex = "MPI_CXX_DOUBLE_COMPLEX" => Repr::C(CType::DoubleComplex);
    CxxLongDoubleComplex = "MPI_CXX_LONG_DOUBLE_COMPLEX" => Repr::C(CType::LongDoubleComplex);
    Aint = "MPI_AINT" => Repr::C(CType::MpiAint);
    Offset = "MPI_OFFSET" => Repr::C(CType::MpiOffset);
    Count = "MPI_COUNT" => Repr::C(CType::MpiCount);
    FloatInt = "MPI_FLOAT_INT" => Repr::Pair(Float, Int);
    DoubleInt = "MPI_DOUBLE_INT" => Repr::Pair(Double, Int);
    LongInt = "MPI_LONG_INT" => Repr::Pair(Long, Int);
    TwoInt = "MPI_2INT" => Repr::Pair(Int, Int);
    ShortInt = "MPI_SHORT_INT" => Repr::Pair(Short, Int);
    LongDoubleInt = "MPI_LONG_DOUBLE_INT" => Repr::Pair(LongDouble, Int);
    Real = "MPI_REAL" => Repr::Fortran(FortranType::Real, None);
    DoublePrecision = "MPI_DOUBLE_PRECISION" => Repr::Fortran(FortranType::Real, Some(8));
    Integer = "MPI_INTEGER" => Repr::Fortran(FortranType::Integer, None);
    Logical = "MPI_LOGICAL" => Repr::Fortran(FortranType::Logical, None);
    Complex = "MPI_COMPLEX" => Repr::Fortran(FortranType::Complex, None);
    DoubleComplex = "MPI_DOUBLE_COMPLEX" => Repr::Fortran(FortranType::Complex, Some(8));
    Character = "MPI_CHARACTER" => Repr::Fortran(FortranType::Character, None);
    Real4 = "MPI_REAL4" => Repr::Fortran(FortranType::Real, Some(4));
    Real8 = "MPI_REAL8" => Repr::Fortran(FortranType::Real, Some(8));
    Real16 = "MPI_REAL16" => Repr::Fortran(FortranType::Real, Some(16));
    Integer1 = "MPI_INTEGER1" => Repr::Fortran(FortranType::Integer, Some(1));
    Integer2 = "MPI_INTEGER2" => Repr::Fortran(FortranType::Integer, Some(2));
    Integer4 = "MPI_INTEGER4" => Repr::Fortran(FortranType::Integer, Some(4));
    Integer8 = "MPI_INTEGER8" => Repr::Fortran(FortranType::Integer, Some(8));
    Integer16 = "MPI_INTEGER16" => Repr::Fortran(FortranType::Integer, Some(16));
    Complex8 = "MPI_COMPLEX8" => Repr::Fortran(FortranType::Complex, Some(4));
    Complex16 = "MPI_COMPLEX16" => Repr::Fortran(FortranType::Complex, Some(8));
    Complex32 = "MPI_COMPLEX32" => Repr::Fortran(FortranType::Complex, Some(16));
    TwoReal = "MPI_2REAL" => Repr::Pair(Real, Real);
    TwoDoublePrecision = "MPI_2DOUBLE_PRECISION" => Repr::Pair(DoublePrecision, DoublePrecision);
    TwoInteger = "MPI_2INTEGER" => Repr::Pair(Integer, Integer);
    Lb = "MPI_LB" => Repr::Marker(Marker::Lb);
    Ub = "MPI_UB" => Repr::Marker(Marker::Ub);
}

/// Other spellings of the same handles.
const ALIASES: &[(&str, Predefined)] = &[
    ("MPI_LONG_LONG", Predefined::LongLong),
    ("MPI_C_COMPLEX", Predefined::CFloatComplex),
];

impl Predefined {
    /// Looks a handle up by name, case-insensitively (Fortran spells `mpi_real`).
    pub fn from_name(name: &str) -> Option<Predefined> {
        let upper = name.to_ascii_uppercase();
        Predefined::ALL
            .iter()
            .copied()
            .find(|p| p.name() == upper)
            .or_else(|| ALIASES.iter().find(|(a, _)| *a == upper).map(|&(_, p)| p))
    }

    /// True for `MPI_LB` and `MPI_UB`.
    pub(crate) fn is_marker(self) -> bool {
        matches!(self.repr(), Repr::Marker(_))
    }

    /// Size and alignment of a basic type on `target`; `None` for pairs and markers, and for a
    /// Fortran kind the target does not have.
    pub(crate) fn basic_layout(self, target: Target) -> Option<SizeAlign> {
        match self.repr() {
            Repr::C(c) => Some(target.c(c)),
            Repr::Byte => Some(SizeAlign { size: 1, align: 1 }),
            Repr::Fortran(ty, kind) => {
                let kind = kind.unwrap_or_else(|| target.fortran_default_kind(ty));
                target.fortran(ty, kind)
            }
            Repr::Pair(..) | Repr::Marker(_) => None,
        }
    }
}

impl std::fmt::Display for Predefined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
