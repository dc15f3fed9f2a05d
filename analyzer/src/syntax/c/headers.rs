//! What the standard C and POSIX headers declare, per target, without reading them: the
//! typedef names (`size_t`, `int_fast32_t`, `off_t`, ...), the constant macros (`INT_MAX`,
//! `PATH_MAX`, ...) and complex.h's `complex`, for `#include <...>` (and for a quoted include of
//! a system header that is not found beside the file).
//!
//! Only the headers listed here are known, with what glibc (gcc 12's default `gnu17` mode) and
//! the MSVC runtime declare in them; any other header leaves its names unknown. A name is
//! declared only once its header is included; what the code declares itself after that wins.
//! Every type and value was measured with the targets' compilers (see
//! `analyzer/tests/c_headers.rs`).
//!
//! Where the compiler's options decide (the POSIX names that `-std=c99` hides, i686's `off_t`
//! under `_FILE_OFFSET_BITS`), a macro keeps its value for the code that uses it (the code
//! compiles only where it is defined) but `#if` and `#ifdef` cannot decide it, and a type is
//! unknown unless the macros that choose it are known.

use std::rc::Rc;

use super::cpp::Definition;
use super::memo::Read;
use super::{Lowerer, MacroBody, MacroState, SpanMode};
use crate::fingerprint::Fingerprint;
use crate::ir::{Expr, ExprKind, Ty};
use crate::layout::{CType, Target};
use crate::source::Span;

/// One header: the headers it includes (all of their names), the types it declares, its
/// macros.
struct Header {
    name: &'static str,
    /// Targets with the header (POSIX headers are not MSVC's).
    on: fn(Target) -> bool,
    includes: &'static [&'static str],
    /// Headers whose types (but not macros) it makes visible.
    types_from: &'static [&'static str],
    types: &'static [&'static str],
    macros: &'static [&'static str],
}

fn everywhere(_: Target) -> bool {
    true
}

fn linux(target: Target) -> bool {
    target != Target::X86_64WindowsMsvc
}

const FIXED_WIDTH: &[&str] = &[
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "int_least8_t",
    "int_least16_t",
    "int_least32_t",
    "int_least64_t",
    "uint_least8_t",
    "uint_least16_t",
    "uint_least32_t",
    "uint_least64_t",
    "int_fast8_t",
    "int_fast16_t",
    "int_fast32_t",
    "int_fast64_t",
    "uint_fast8_t",
    "uint_fast16_t",
    "uint_fast32_t",
    "uint_fast64_t",
    "intptr_t",
    "uintptr_t",
    "intmax_t",
    "uintmax_t",
];

const LIMITS: &[&str] = &[
    "CHAR_BIT",
    "SCHAR_MIN",
    "SCHAR_MAX",
    "UCHAR_MAX",
    "CHAR_MIN",
    "CHAR_MAX",
    "SHRT_MIN",
    "SHRT_MAX",
    "USHRT_MAX",
    "INT_MIN",
    "INT_MAX",
    "UINT_MAX",
    "LONG_MIN",
    "LONG_MAX",
    "ULONG_MAX",
    "LLONG_MIN",
    "LLONG_MAX",
    "ULLONG_MAX",
    // POSIX, from glibc's limits.h (Linux only: see `macro_value`).
    "PATH_MAX",
    "NAME_MAX",
    "HOST_NAME_MAX",
    "SSIZE_MAX",
];

const STDINT_LIMITS: &[&str] = &[
    "INT8_MIN",
    "INT8_MAX",
    "UINT8_MAX",
    "INT16_MIN",
    "INT16_MAX",
    "UINT16_MAX",
    "INT32_MIN",
    "INT32_MAX",
    "UINT32_MAX",
    "INT64_MIN",
    "INT64_MAX",
    "UINT64_MAX",
    "INTPTR_MIN",
    "INTPTR_MAX",
    "UINTPTR_MAX",
    "INTMAX_MIN",
    "INTMAX_MAX",
    "UINTMAX_MAX",
    "PTRDIFF_MIN",
    "PTRDIFF_MAX",
    "SIZE_MAX",
];

const HEADERS: &[Header] = &[
    Header {
        name: "stddef.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: &["size_t", "ptrdiff_t", "wchar_t"],
        macros: &[],
    },
    Header {
        name: "stdint.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: FIXED_WIDTH,
        macros: STDINT_LIMITS,
    },
    Header {
        name: "inttypes.h",
        on: everywhere,
        includes: &["stdint.h"],
        types_from: &[],
        types: &[],
        macros: &[],
    },
    Header {
        name: "stdbool.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: &["bool"],
        macros: &["__bool_true_false_are_defined"],
    },
    // MSVC's complex.h has no `complex` (its complex types are structs).
    Header {
        name: "complex.h",
        on: linux,
        includes: &[],
        types_from: &[],
        types: &[],
        macros: &["complex"],
    },
    Header {
        name: "tgmath.h",
        on: linux,
        includes: &["complex.h"],
        types_from: &[],
        types: &[],
        macros: &[],
    },
    Header {
        name: "limits.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: &[],
        macros: LIMITS,
    },
    Header {
        name: "stdio.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        // glibc's stdio.h declares POSIX's `off_t` and `ssize_t` (see `standard_type`).
        types: &["size_t", "off_t", "ssize_t"],
        macros: &[
            "EOF",
            "SEEK_SET",
            "SEEK_CUR",
            "SEEK_END",
            "BUFSIZ",
            "FILENAME_MAX",
        ],
    },
    Header {
        name: "stdlib.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: &["size_t", "wchar_t"],
        macros: &["EXIT_SUCCESS", "EXIT_FAILURE", "RAND_MAX"],
    },
    Header {
        name: "string.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: &["size_t"],
        macros: &[],
    },
    Header {
        name: "wchar.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: &["size_t", "wchar_t"],
        macros: &[],
    },
    Header {
        name: "time.h",
        on: everywhere,
        includes: &[],
        types_from: &[],
        types: &["size_t", "time_t", "clock_t", "pid_t"],
        macros: &[],
    },
    Header {
        name: "sys/types.h",
        on: linux,
        includes: &[],
        types_from: &[],
        types: &[
            "size_t", "ssize_t", "off_t", "pid_t", "time_t", "clock_t", "uid_t", "gid_t", "mode_t",
            "int8_t", "int16_t", "int32_t", "int64_t",
        ],
        macros: &[],
    },
    Header {
        name: "unistd.h",
        on: linux,
        includes: &[],
        types_from: &[],
        types: &[
            "size_t", "ssize_t", "off_t", "pid_t", "uid_t", "gid_t", "intptr_t",
        ],
        macros: &[],
    },
    Header {
        name: "sys/stat.h",
        on: linux,
        includes: &[],
        types_from: &[],
        types: &["off_t", "mode_t", "uid_t", "gid_t", "time_t"],
        macros: &[],
    },
    Header {
        name: "fcntl.h",
        on: linux,
        includes: &[],
        types_from: &[],
        types: &["off_t", "mode_t", "pid_t"],
        macros: &[],
    },
    // MPICH's mpi.h includes stdint.h, Open MPI's stddef.h: their types are visible (what code
    // that compiles with either names is the standard's), their macros are not certain.
    Header {
        name: "mpi.h",
        on: everywhere,
        includes: &[],
        types_from: &["stddef.h", "stdint.h"],
        types: &[],
        macros: &[],
    },
];

/// Whether including `name` (`<name>` or a quoted name not found) defines complex.h's `complex`
/// on some target: the pre-pass then reads the word `complex` as `_Complex` (the lowering checks
/// the target).
pub(super) fn defines_complex(name: &str) -> bool {
    matches!(name, "complex.h" | "tgmath.h")
}

/// `name` is a header that exists on a 64-bit data model (`long` of 8 bytes) or ILP32/LLP64.
fn long_is_64(target: Target) -> bool {
    matches!(
        target,
        Target::X86_64LinuxGnu | Target::Aarch64LinuxGnu | Target::Powerpc64leLinuxGnu
    )
}

/// How wide the compiler makes a type some macros choose: i686's `off_t` and `time_t`.
enum Width {
    /// The macro that chooses is defined as 64.
    Wide,
    /// It is not defined.
    Narrow,
    /// Not known.
    Unknown,
}

impl Lowerer<'_> {
    /// `#include <name>`, or `"name"` not found beside the file, of a header the model knows:
    /// declares its names (once). `false` when the model does not know the header.
    pub(super) fn include_standard_header(&mut self, name: &str, span: Span) -> bool {
        let Some(header) = HEADERS
            .iter()
            .find(|h| h.name == name && (h.on)(self.target))
        else {
            return false;
        };
        self.read(|| Read::IncludedOnce(name.to_owned()));
        if !self.included_once.insert(name.to_owned()) {
            return true;
        }
        for inner in header.includes {
            self.include_standard_header(inner, span);
        }
        let borrowed = header.types_from.iter().filter_map(|from| {
            let from = HEADERS
                .iter()
                .find(|h| h.name == *from && (h.on)(self.target));
            from.map(|h| h.types)
        });
        let types: Vec<&str> = borrowed.flatten().chain(header.types).copied().collect();
        for type_name in types {
            let ty = self.standard_type(type_name).unwrap_or(Ty::Unknown);
            self.typedef_names.insert(type_name.to_owned());
            self.program.typedefs.push((type_name.to_owned(), ty));
        }
        let saved = std::mem::replace(&mut self.file.spans, SpanMode::Fixed(span));
        for &macro_name in header.macros {
            self.define_standard_macro(macro_name, span);
        }
        self.file.spans = saved;
        true
    }

    /// Defines one of a header's macros with its value on the target.
    fn define_standard_macro(&mut self, name: &'static str, span: Span) {
        if name == "complex" {
            // Not an expression: recognized by its body where a type is read.
            let body = MacroBody {
                expr: Rc::new(Expr::new(ExprKind::Name("_Complex".to_owned()), span)),
                definition: Rc::new(Definition::new(None, false, "_Complex")),
                fingerprint: Fingerprint::default().mix(&"complex"),
            };
            self.macros
                .set(name.to_owned(), MacroState::Defined { params: None, body });
            return;
        }
        let Some((body, certain)) = macro_value(name, self.target) else {
            return;
        };
        self.define(name.to_owned(), span, None, false, &body, 0);
        if let (false, Some(MacroState::Defined { body, .. })) =
            (certain, self.macros.get(name).cloned())
        {
            self.macros
                .set(name.to_owned(), MacroState::MaybeDefined { body });
        }
    }

    /// Whether complex.h's `complex` is the macro the model defined (not `#undef`'d or
    /// redefined by the code).
    pub(super) fn complex_macro_in_effect(&self) -> bool {
        matches!(
            self.macros.state("complex"),
            MacroState::Defined { params: None, body }
                if matches!(&body.expr.kind, ExprKind::Name(n) if n == "_Complex")
        )
    }

    /// The type a standard typedef name stands for on the target; `None` when the compiler's
    /// options decide and they are not known.
    fn standard_type(&self, name: &str) -> Option<Ty> {
        let target = self.target;
        let lp64 = long_is_64(target);
        let msvc = target == Target::X86_64WindowsMsvc;
        // `long` on LP64, `int` on i686 (which has 4-byte `long` too: glibc picks `int`), and
        // `long long` with MSVC.
        let word = |signed: bool| match (lp64, msvc, signed) {
            (true, _, true) => CType::Long,
            (true, _, false) => CType::UnsignedLong,
            (false, false, true) => CType::Int,
            (false, false, false) => CType::UnsignedInt,
            (false, true, true) => CType::LongLong,
            (false, true, false) => CType::UnsignedLongLong,
        };
        // 64-bit integers: `long` on LP64, `long long` elsewhere.
        let wide = |signed: bool| match (lp64, signed) {
            (true, true) => CType::Long,
            (true, false) => CType::UnsignedLong,
            (false, true) => CType::LongLong,
            (false, false) => CType::UnsignedLongLong,
        };
        // `int_fast16_t` and `int_fast32_t`: glibc's machine word, MSVC's `int`.
        let fast = |signed: bool| match (msvc, signed) {
            (true, true) => CType::Int,
            (true, false) => CType::UnsignedInt,
            (false, _) => word(signed),
        };
        let c = match name {
            "size_t" => CType::SizeT,
            "ptrdiff_t" => CType::PtrdiffT,
            "intptr_t" => CType::IntptrT,
            "wchar_t" => CType::WChar,
            "bool" => CType::Bool,
            "int8_t" | "int_least8_t" => CType::Int8,
            "int16_t" | "int_least16_t" => CType::Int16,
            "int32_t" | "int_least32_t" => CType::Int32,
            "int64_t" | "int_least64_t" => CType::Int64,
            "uint8_t" | "uint_least8_t" => CType::UInt8,
            "uint16_t" | "uint_least16_t" => CType::UInt16,
            "uint32_t" | "uint_least32_t" => CType::UInt32,
            "uint64_t" | "uint_least64_t" => CType::UInt64,
            "int_fast8_t" => CType::SignedChar,
            "uint_fast8_t" => CType::UnsignedChar,
            "int_fast16_t" | "int_fast32_t" => fast(true),
            "uint_fast16_t" | "uint_fast32_t" => fast(false),
            "int_fast64_t" | "intmax_t" => wide(true),
            "uint_fast64_t" | "uintmax_t" => wide(false),
            "uintptr_t" => word(false),
            "ssize_t" if !msvc => word(true),
            "pid_t" if !msvc => CType::Int,
            "uid_t" | "gid_t" | "mode_t" if !msvc => CType::UnsignedInt,
            // `long` on both: 8 bytes on LP64, 4 on i686 and with MSVC.
            "clock_t" => CType::Long,
            // MSVC's time_t is 64-bit (`_USE_32BIT_TIME_T` is refused on x64).
            "time_t" if msvc => CType::LongLong,
            "time_t" | "off_t" if lp64 => CType::Long,
            // i686: 64-bit with `_TIME_BITS=64` (which needs `_FILE_OFFSET_BITS=64`) or
            // `_FILE_OFFSET_BITS=64`, else `long`.
            "time_t" if target == Target::I686LinuxGnu => match self.macro_width("_TIME_BITS") {
                Width::Wide => CType::LongLong,
                Width::Narrow => CType::Long,
                Width::Unknown => return None,
            },
            "off_t" if target == Target::I686LinuxGnu => {
                match self.macro_width("_FILE_OFFSET_BITS") {
                    Width::Wide => CType::LongLong,
                    Width::Narrow => CType::Long,
                    Width::Unknown => return None,
                }
            }
            _ => return None,
        };
        Some(Ty::C(c))
    }

    /// Whether a feature macro (`_FILE_OFFSET_BITS`) selects the 64-bit types here.
    fn macro_width(&self, name: &str) -> Width {
        match self.macros.state(name) {
            MacroState::Undefined => Width::Narrow,
            MacroState::Defined { params: None, body } => {
                match self.preproc_value(&body.expr, &Default::default()) {
                    Some(64) => Width::Wide,
                    Some(_) => Width::Narrow,
                    None => Width::Unknown,
                }
            }
            _ => Width::Unknown,
        }
    }
}

/// The body of a standard macro on `target`, and whether the compiler's options cannot hide it
/// (`false` for the POSIX names of C headers, which `-std=c99` hides); `None` where the target's
/// header lacks it.
fn macro_value(name: &str, target: Target) -> Option<(String, bool)> {
    let msvc = target == Target::X86_64WindowsMsvc;
    let bits = |t: CType| target.c(t).size * 8;
    let signed_max = |bits: u32| (1i128 << (bits - 1)) - 1;
    let unsigned_max = |bits: u32| (1i128 << bits) - 1;
    // `(-MAX - 1)`, as the headers write it: the positive literal fits the type.
    let min = |bits: u32| format!("(-{} - 1)", signed_max(bits));
    let (long, pointer) = (bits(CType::Long), bits(CType::Pointer));
    let body = match name {
        "CHAR_BIT" => "8".to_owned(),
        "SCHAR_MIN" | "INT8_MIN" => min(8),
        "SCHAR_MAX" | "INT8_MAX" => "127".to_owned(),
        "UCHAR_MAX" | "UINT8_MAX" => "255".to_owned(),
        "CHAR_MIN" if target.char_is_signed() => min(8),
        "CHAR_MIN" => "0".to_owned(),
        "CHAR_MAX" if target.char_is_signed() => "127".to_owned(),
        "CHAR_MAX" => "255".to_owned(),
        "SHRT_MIN" | "INT16_MIN" => min(16),
        "SHRT_MAX" | "INT16_MAX" => signed_max(16).to_string(),
        "USHRT_MAX" | "UINT16_MAX" => unsigned_max(16).to_string(),
        "INT_MIN" | "INT32_MIN" => min(32),
        "INT_MAX" | "INT32_MAX" => signed_max(32).to_string(),
        "UINT_MAX" | "UINT32_MAX" => format!("{}U", unsigned_max(32)),
        "LONG_MIN" => min(long),
        "LONG_MAX" => format!("{}L", signed_max(long)),
        "ULONG_MAX" => format!("{}UL", unsigned_max(long)),
        "LLONG_MIN" | "INT64_MIN" | "INTMAX_MIN" => min(64),
        "LLONG_MAX" | "INT64_MAX" | "INTMAX_MAX" => format!("{}LL", signed_max(64)),
        "ULLONG_MAX" | "UINT64_MAX" | "UINTMAX_MAX" => format!("{}ULL", unsigned_max(64)),
        "INTPTR_MIN" | "PTRDIFF_MIN" => min(pointer),
        "INTPTR_MAX" | "PTRDIFF_MAX" => signed_max(pointer).to_string(),
        "UINTPTR_MAX" | "SIZE_MAX" => format!("{}U", unsigned_max(pointer)),
        "__bool_true_false_are_defined" | "EXIT_FAILURE" | "SEEK_CUR" => "1".to_owned(),
        "EXIT_SUCCESS" | "SEEK_SET" => "0".to_owned(),
        "SEEK_END" => "2".to_owned(),
        "EOF" => "(-1)".to_owned(),
        // glibc's values; MSVC's are not modelled.
        _ if msvc => return None,
        "BUFSIZ" => "8192".to_owned(),
        "FILENAME_MAX" => "4096".to_owned(),
        "RAND_MAX" => signed_max(32).to_string(),
        "PATH_MAX" => return Some(("4096".to_owned(), false)),
        "NAME_MAX" => return Some(("255".to_owned(), false)),
        "HOST_NAME_MAX" => return Some(("64".to_owned(), false)),
        "SSIZE_MAX" => return Some((format!("{}L", signed_max(long)), false)),
        _ => return None,
    };
    Some((body, true))
}
