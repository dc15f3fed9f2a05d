//! Target ABI models: size and alignment of every C basic type, of the MPI integer typedefs and
//! of the Fortran kinds, for each supported target.
//!
//! Every number here was measured with the target's compiler (gcc 12 and gfortran 12 from
//! Debian bookworm, native and cross; clang 14 in `x86_64-pc-windows-msvc` mode for the MSVC C
//! side; mingw-w64 gfortran for the Windows Fortran side) and is pinned by
//! `analyzer/tests/target_abi.rs`.

use std::fmt;
use std::str::FromStr;

/// A target ABI: data model, alignment rules, `char` signedness and Fortran kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Target {
    /// LP64 System V x86-64 with gcc/gfortran; the default.
    #[default]
    X86_64LinuxGnu,
    /// ILP32 i386 System V: 8-byte `double` and `long long` are only 4-aligned in structs.
    I686LinuxGnu,
    /// LP64 AAPCS64: unsigned `char`, `long double` is IEEE binary128.
    Aarch64LinuxGnu,
    /// LP64 ELFv2: unsigned `char`, `long double` is IBM double-double (16 bytes).
    Powerpc64leLinuxGnu,
    /// LLP64 MSVC: 4-byte `long`, 8-byte `long double`, 2-byte `wchar_t`. Fortran follows
    /// gfortran (mingw-w64), the only Fortran compiler modelled.
    X86_64WindowsMsvc,
}

/// Size and alignment of a type, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SizeAlign {
    /// `sizeof`: the distance between consecutive array elements.
    pub size: u32,
    /// Alignment as a struct member (what decides padding in structs and MPI's extent epsilon).
    pub align: u32,
}

impl SizeAlign {
    /// A type of `size` bytes aligned to `align` bytes.
    pub const fn new(size: u32, align: u32) -> Self {
        SizeAlign { size, align }
    }

    /// A type aligned to its own size (most scalars).
    pub const fn natural(size: u32) -> Self {
        SizeAlign { size, align: size }
    }

    /// A complex number made of two `self` components: twice the size, the same alignment.
    pub const fn complex_of(self) -> Self {
        SizeAlign {
            size: 2 * self.size,
            align: self.align,
        }
    }
}

/// The C types whose layout a target model knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CType {
    /// `char`; signedness is per target, see [`Target::char_is_signed`].
    Char,
    /// `signed char`
    SignedChar,
    /// `unsigned char`
    UnsignedChar,
    /// `short`
    Short,
    /// `unsigned short`
    UnsignedShort,
    /// `int`
    Int,
    /// `unsigned int`
    UnsignedInt,
    /// `long`
    Long,
    /// `unsigned long`
    UnsignedLong,
    /// `long long`
    LongLong,
    /// `unsigned long long`
    UnsignedLongLong,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `long double`
    LongDouble,
    /// `_Bool` / C23 `bool`
    Bool,
    /// `wchar_t`
    WChar,
    /// `int8_t`
    Int8,
    /// `int16_t`
    Int16,
    /// `int32_t`
    Int32,
    /// `int64_t`
    Int64,
    /// `uint8_t`
    UInt8,
    /// `uint16_t`
    UInt16,
    /// `uint32_t`
    UInt32,
    /// `uint64_t`
    UInt64,
    /// `float _Complex`
    FloatComplex,
    /// `double _Complex`
    DoubleComplex,
    /// `long double _Complex`
    LongDoubleComplex,
    /// Any object pointer, `void *`.
    Pointer,
    /// `size_t`
    SizeT,
    /// `ptrdiff_t`
    PtrdiffT,
    /// `intptr_t`
    IntptrT,
    /// `__int128`; absent on 32-bit targets and with MSVC.
    Int128,
    /// IEEE binary128: `__float128` (x86, powerpc64le) or `_Float128` (aarch64); absent with MSVC.
    Float128,
    /// `MPI_Aint`: a signed integer as wide as a pointer (MPICH, Open MPI, MS-MPI).
    MpiAint,
    /// `MPI_Offset`: `long long` in MPICH, Open MPI and MS-MPI.
    MpiOffset,
    /// `MPI_Count`: `long long` in MPICH, Open MPI and MS-MPI.
    MpiCount,
    /// `MPI_Fint`: the C type of a default Fortran `INTEGER`, `int`.
    MpiFint,
}

impl CType {
    /// Every C type, in declaration order.
    pub const ALL: &'static [CType] = &[
        CType::Char,
        CType::SignedChar,
        CType::UnsignedChar,
        CType::Short,
        CType::UnsignedShort,
        CType::Int,
        CType::UnsignedInt,
        CType::Long,
        CType::UnsignedLong,
        CType::LongLong,
        CType::UnsignedLongLong,
        CType::Float,
        CType::Double,
        CType::LongDouble,
        CType::Bool,
        CType::WChar,
        CType::Int8,
        CType::Int16,
        CType::Int32,
        CType::Int64,
        CType::UInt8,
        CType::UInt16,
        CType::UInt32,
        CType::UInt64,
        CType::FloatComplex,
        CType::DoubleComplex,
        CType::LongDoubleComplex,
        CType::Pointer,
        CType::SizeT,
        CType::PtrdiffT,
        CType::IntptrT,
        CType::Int128,
        CType::Float128,
        CType::MpiAint,
        CType::MpiOffset,
        CType::MpiCount,
        CType::MpiFint,
    ];

    /// `float`, `double`, `long double`, `__float128` and their `_Complex` forms.
    pub(crate) fn is_floating(self) -> bool {
        self.is_complex()
            || matches!(
                self,
                CType::Float | CType::Double | CType::LongDouble | CType::Float128
            )
    }

    /// The `_Complex` types.
    pub(crate) fn is_complex(self) -> bool {
        matches!(
            self,
            CType::FloatComplex | CType::DoubleComplex | CType::LongDoubleComplex
        )
    }

    /// The type as written in C source, for messages and hovers.
    pub fn spelling(self) -> &'static str {
        match self {
            CType::Char => "char",
            CType::SignedChar => "signed char",
            CType::UnsignedChar => "unsigned char",
            CType::Short => "short",
            CType::UnsignedShort => "unsigned short",
            CType::Int => "int",
            CType::UnsignedInt => "unsigned int",
            CType::Long => "long",
            CType::UnsignedLong => "unsigned long",
            CType::LongLong => "long long",
            CType::UnsignedLongLong => "unsigned long long",
            CType::Float => "float",
            CType::Double => "double",
            CType::LongDouble => "long double",
            CType::Bool => "_Bool",
            CType::WChar => "wchar_t",
            CType::Int8 => "int8_t",
            CType::Int16 => "int16_t",
            CType::Int32 => "int32_t",
            CType::Int64 => "int64_t",
            CType::UInt8 => "uint8_t",
            CType::UInt16 => "uint16_t",
            CType::UInt32 => "uint32_t",
            CType::UInt64 => "uint64_t",
            CType::FloatComplex => "float _Complex",
            CType::DoubleComplex => "double _Complex",
            CType::LongDoubleComplex => "long double _Complex",
            CType::Pointer => "void *",
            CType::SizeT => "size_t",
            CType::PtrdiffT => "ptrdiff_t",
            CType::IntptrT => "intptr_t",
            CType::Int128 => "__int128",
            CType::Float128 => "__float128",
            CType::MpiAint => "MPI_Aint",
            CType::MpiOffset => "MPI_Offset",
            CType::MpiCount => "MPI_Count",
            CType::MpiFint => "MPI_Fint",
        }
    }
}

/// The Fortran intrinsic types that have kinds. `DOUBLE PRECISION` is `Real` of kind
/// [`Target::fortran_double_precision_kind`], `DOUBLE COMPLEX` the `Complex` of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FortranType {
    /// `INTEGER(KIND=k)`
    Integer,
    /// `REAL(KIND=k)`
    Real,
    /// `COMPLEX(KIND=k)`: two `REAL(KIND=k)`.
    Complex,
    /// `LOGICAL(KIND=k)`
    Logical,
    /// `CHARACTER(KIND=k)`; the layout is that of one character.
    Character,
}

impl FortranType {
    /// Every Fortran type, in declaration order.
    pub const ALL: [FortranType; 5] = [
        FortranType::Integer,
        FortranType::Real,
        FortranType::Complex,
        FortranType::Logical,
        FortranType::Character,
    ];

    /// The type keyword as written in Fortran source.
    pub fn keyword(self) -> &'static str {
        match self {
            FortranType::Integer => "INTEGER",
            FortranType::Real => "REAL",
            FortranType::Complex => "COMPLEX",
            FortranType::Logical => "LOGICAL",
            FortranType::Character => "CHARACTER",
        }
    }
}

/// Architecture names accepted as the first component of a triple.
const ARCH_SPELLINGS: &[(&str, Arch)] = &[
    ("x86_64", Arch::X86_64),
    ("amd64", Arch::X86_64),
    ("i386", Arch::I686),
    ("i486", Arch::I686),
    ("i586", Arch::I686),
    ("i686", Arch::I686),
    ("aarch64", Arch::Aarch64),
    ("arm64", Arch::Aarch64),
    ("powerpc64le", Arch::Powerpc64le),
    ("ppc64le", Arch::Powerpc64le),
    ("ppc64el", Arch::Powerpc64le),
];

/// Vendor components that carry no ABI information (`x86_64-pc-linux-gnu`,
/// `x86_64-redhat-linux`, ...).
const IGNORED_VENDORS: &[&str] = &["unknown", "pc", "redhat", "suse"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Arch {
    X86_64,
    I686,
    Aarch64,
    Powerpc64le,
}

impl Target {
    /// Every supported target, the default first.
    pub const ALL: [Target; 5] = [
        Target::X86_64LinuxGnu,
        Target::I686LinuxGnu,
        Target::Aarch64LinuxGnu,
        Target::Powerpc64leLinuxGnu,
        Target::X86_64WindowsMsvc,
    ];

    /// The canonical triple, as `--target` accepts it and as shown to users.
    pub fn triple(self) -> &'static str {
        match self {
            Target::X86_64LinuxGnu => "x86_64-linux-gnu",
            Target::I686LinuxGnu => "i686-linux-gnu",
            Target::Aarch64LinuxGnu => "aarch64-linux-gnu",
            Target::Powerpc64leLinuxGnu => "powerpc64le-linux-gnu",
            Target::X86_64WindowsMsvc => "x86_64-windows-msvc",
        }
    }

    /// Parses a triple: the canonical ones and the usual variants (`x86_64-unknown-linux-gnu`,
    /// `x86_64-pc-windows-msvc`, `i386`..`i686`, `arm64`, `ppc64le`, `x86_64-redhat-linux`),
    /// ignoring case and surrounding blanks. `None` for anything else, including ABIs that
    /// differ from the modelled ones (`x86_64-w64-mingw32` has a 16-byte `long double`).
    pub fn from_triple(s: &str) -> Option<Target> {
        let lower = s.trim().to_ascii_lowercase();
        let mut components = lower.split('-');
        let arch_name = components.next()?;
        let arch = ARCH_SPELLINGS
            .iter()
            .find(|(name, _)| *name == arch_name)?
            .1;
        let system: Vec<&str> = components
            .filter(|c| !IGNORED_VENDORS.contains(c))
            .collect();
        match (arch, system.as_slice()) {
            (Arch::X86_64, ["linux", "gnu"] | ["linux"]) => Some(Target::X86_64LinuxGnu),
            (Arch::I686, ["linux", "gnu"] | ["linux"]) => Some(Target::I686LinuxGnu),
            (Arch::Aarch64, ["linux", "gnu"] | ["linux"]) => Some(Target::Aarch64LinuxGnu),
            (Arch::Powerpc64le, ["linux", "gnu"] | ["linux"]) => Some(Target::Powerpc64leLinuxGnu),
            (Arch::X86_64, ["windows", "msvc"]) => Some(Target::X86_64WindowsMsvc),
            _ => None,
        }
    }

    /// Size and alignment of `t` as a struct member.
    ///
    /// # Panics
    ///
    /// If the target lacks the type (`__int128` and `__float128`, see [`Target::c_opt`]); every
    /// other type exists on every target.
    pub fn c(self, t: CType) -> SizeAlign {
        match self.c_opt(t) {
            Some(layout) => layout,
            None => panic!(
                "{} does not exist on {self}; use Target::c_opt",
                t.spelling()
            ),
        }
    }

    /// Size and alignment of `t` as a struct member, `None` when the target's compiler does not
    /// have the type.
    pub fn c_opt(self, t: CType) -> Option<SizeAlign> {
        let layout = match t {
            CType::Char
            | CType::SignedChar
            | CType::UnsignedChar
            | CType::Bool
            | CType::Int8
            | CType::UInt8 => SizeAlign::natural(1),
            CType::Short | CType::UnsignedShort | CType::Int16 | CType::UInt16 => {
                SizeAlign::natural(2)
            }
            CType::Int
            | CType::UnsignedInt
            | CType::Int32
            | CType::UInt32
            | CType::Float
            | CType::MpiFint => SizeAlign::natural(4),
            CType::Long | CType::UnsignedLong => match self {
                Target::I686LinuxGnu | Target::X86_64WindowsMsvc => SizeAlign::natural(4),
                _ => SizeAlign::natural(8),
            },
            CType::LongLong
            | CType::UnsignedLongLong
            | CType::Int64
            | CType::UInt64
            | CType::Double
            | CType::MpiOffset
            | CType::MpiCount => self.eight_byte_scalar(),
            CType::LongDouble => self.long_double(),
            CType::WChar => match self {
                Target::X86_64WindowsMsvc => SizeAlign::natural(2),
                _ => SizeAlign::natural(4),
            },
            CType::FloatComplex => SizeAlign::natural(4).complex_of(),
            CType::DoubleComplex => self.eight_byte_scalar().complex_of(),
            CType::LongDoubleComplex => self.long_double().complex_of(),
            CType::Pointer | CType::SizeT | CType::PtrdiffT | CType::IntptrT | CType::MpiAint => {
                SizeAlign::natural(self.pointer_size())
            }
            CType::Int128 => match self {
                Target::I686LinuxGnu | Target::X86_64WindowsMsvc => return None,
                _ => SizeAlign::natural(16),
            },
            // gcc aligns __float128 to 16 even on i686, unlike its 4-aligned long double.
            CType::Float128 => match self {
                Target::X86_64WindowsMsvc => return None,
                _ => SizeAlign::natural(16),
            },
        };
        Some(layout)
    }

    /// What C11 `_Alignof(t)` evaluates to with the target's compiler.
    ///
    /// On every modelled target this equals the struct-member alignment of [`Target::c`]: since
    /// GCC 8 (PR c/52023) `_Alignof(double)` is 4 on i686. GNU `__alignof__` differs there (8 for
    /// `double` and `long long`: the preferred alignment of a standalone object).
    ///
    /// # Panics
    ///
    /// As [`Target::c`], for a type the target lacks.
    pub fn c_alignof(self, t: CType) -> u32 {
        self.c(t).align
    }

    /// Whether plain `char` is signed (x86 and MSVC) or unsigned (aarch64 and powerpc64le).
    pub fn char_is_signed(self) -> bool {
        match self {
            Target::X86_64LinuxGnu | Target::I686LinuxGnu | Target::X86_64WindowsMsvc => true,
            Target::Aarch64LinuxGnu | Target::Powerpc64leLinuxGnu => false,
        }
    }

    /// Size and alignment (as a derived-type component) of one `t(KIND=kind)` value with
    /// gfortran, `None` when gfortran has no such kind on the target. For `Character` the size
    /// is that of one character.
    pub fn fortran(self, t: FortranType, kind: u32) -> Option<SizeAlign> {
        if !self.fortran_kinds(t).contains(&kind) {
            return None;
        }
        let real = |kind: u32| match kind {
            8 => self.eight_byte_scalar(),
            // REAL(10) is the x87 80-bit type, laid out as C's long double on x86 Linux
            // (mingw-w64 gives it the same 16/16 as x86_64 Linux).
            10 => match self {
                Target::I686LinuxGnu => SizeAlign::new(12, 4),
                _ => SizeAlign::natural(16),
            },
            // REAL(16) is 16-aligned everywhere, i686 included (it is __float128 there).
            _ => SizeAlign::natural(kind),
        };
        let layout = match t {
            FortranType::Integer | FortranType::Logical => match kind {
                8 => self.eight_byte_scalar(),
                _ => SizeAlign::natural(kind),
            },
            FortranType::Real => real(kind),
            FortranType::Complex => real(kind).complex_of(),
            FortranType::Character => SizeAlign::natural(kind),
        };
        Some(layout)
    }

    /// The alignment gfortran gives a `t(KIND=kind)` member of a COMMON block
    /// (`-falign-commons`, the default): the type's own alignment, which is its alignment as a
    /// derived-type component except for the kind-8 types of i686 (8, not 4). `None` where it
    /// was not measured (powerpc64le, Windows).
    pub fn fortran_common_align(self, t: FortranType, kind: u32) -> Option<u32> {
        let component = self.fortran(t, kind)?;
        match self {
            Target::X86_64LinuxGnu | Target::Aarch64LinuxGnu => Some(component.align),
            Target::I686LinuxGnu if kind == 8 && t != FortranType::Character => Some(8),
            Target::I686LinuxGnu => Some(component.align),
            Target::Powerpc64leLinuxGnu | Target::X86_64WindowsMsvc => None,
        }
    }

    /// The kinds gfortran accepts for `t` on this target (`iso_fortran_env`'s `integer_kinds`,
    /// `real_kinds`, `logical_kinds`, `character_kinds`), ascending.
    pub fn fortran_kinds(self, t: FortranType) -> &'static [u32] {
        let is_x86 = matches!(
            self,
            Target::X86_64LinuxGnu | Target::I686LinuxGnu | Target::X86_64WindowsMsvc
        );
        match t {
            // Kind 16 needs a 128-bit integer, which gfortran has on 64-bit targets only.
            FortranType::Integer | FortranType::Logical => match self {
                Target::I686LinuxGnu => &[1, 2, 4, 8],
                _ => &[1, 2, 4, 8, 16],
            },
            // Kind 10 (x87 extended) exists on x86 only.
            FortranType::Real | FortranType::Complex if is_x86 => &[4, 8, 10, 16],
            FortranType::Real | FortranType::Complex => &[4, 8, 16],
            FortranType::Character => &[1, 4],
        }
    }

    /// gfortran's default kind of `t` (without `-fdefault-*` options).
    pub fn fortran_default_kind(self, t: FortranType) -> u32 {
        match t {
            FortranType::Integer
            | FortranType::Real
            | FortranType::Complex
            | FortranType::Logical => 4,
            FortranType::Character => 1,
        }
    }

    /// The `REAL` kind of `DOUBLE PRECISION` (and the `COMPLEX` kind of `DOUBLE COMPLEX`) with
    /// gfortran's defaults.
    pub fn fortran_double_precision_kind(self) -> u32 {
        8
    }

    fn pointer_size(self) -> u32 {
        match self {
            Target::I686LinuxGnu => 4,
            _ => 8,
        }
    }

    /// `double`, `long long` and the other 8-byte scalars: the i386 System V ABI aligns them
    /// to 4 inside structs.
    fn eight_byte_scalar(self) -> SizeAlign {
        match self {
            Target::I686LinuxGnu => SizeAlign::new(8, 4),
            _ => SizeAlign::natural(8),
        }
    }

    fn long_double(self) -> SizeAlign {
        match self {
            // x87 80-bit extended, padded to 16 (x86_64) or 12 (i686) bytes.
            Target::X86_64LinuxGnu => SizeAlign::natural(16),
            Target::I686LinuxGnu => SizeAlign::new(12, 4),
            // IEEE binary128 (aarch64) or IBM double-double (powerpc64le).
            Target::Aarch64LinuxGnu | Target::Powerpc64leLinuxGnu => SizeAlign::natural(16),
            // MSVC's long double is double.
            Target::X86_64WindowsMsvc => SizeAlign::natural(8),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.triple())
    }
}

impl FromStr for Target {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Target::from_triple(s).ok_or_else(|| {
            let known: Vec<&str> = Target::ALL.iter().map(|t| t.triple()).collect();
            format!("unknown target `{s}`; known targets: {}", known.join(", "))
        })
    }
}
