//! The target ABI tables, pinned to values measured with the targets' compilers.
//!
//! The spot values below were measured with Debian bookworm's gcc/gfortran 12 (native x86_64,
//! and the `*-linux-gnu` cross compilers), clang 14 `--target=x86_64-pc-windows-msvc` and
//! mingw-w64 gfortran 12, compiling probes with `-S` and reading the constants back. The same
//! probes can re-measure everything: run the probe script, which sets `ABI_MEASUREMENTS_DIR`
//! and runs `measured_tables_agree_with_compilers` below.

use analyzer::layout::{CType, FortranType, SizeAlign, Target};

fn sa(size: u32, align: u32) -> SizeAlign {
    SizeAlign { size, align }
}

#[test]
fn triples_round_trip() {
    for target in Target::ALL {
        assert_eq!(Target::from_triple(target.triple()), Some(target));
        assert_eq!(target.to_string(), target.triple());
        assert_eq!(target.triple().parse::<Target>(), Ok(target));
    }
    assert_eq!(Target::default(), Target::X86_64LinuxGnu);
    assert_eq!(Target::ALL[0], Target::default());
}

#[test]
fn common_triple_spellings() {
    let cases = [
        ("x86_64-unknown-linux-gnu", Target::X86_64LinuxGnu),
        ("x86_64-pc-linux-gnu", Target::X86_64LinuxGnu),
        ("x86_64-redhat-linux", Target::X86_64LinuxGnu),
        ("amd64-linux-gnu", Target::X86_64LinuxGnu),
        (" X86_64-Linux-GNU ", Target::X86_64LinuxGnu),
        ("i386-linux-gnu", Target::I686LinuxGnu),
        ("i586-linux-gnu", Target::I686LinuxGnu),
        ("i686-pc-linux-gnu", Target::I686LinuxGnu),
        ("i686-unknown-linux-gnu", Target::I686LinuxGnu),
        ("aarch64-unknown-linux-gnu", Target::Aarch64LinuxGnu),
        ("arm64-linux-gnu", Target::Aarch64LinuxGnu),
        ("ppc64le-linux-gnu", Target::Powerpc64leLinuxGnu),
        ("powerpc64le-unknown-linux-gnu", Target::Powerpc64leLinuxGnu),
        ("x86_64-pc-windows-msvc", Target::X86_64WindowsMsvc),
        ("x86_64-windows-msvc", Target::X86_64WindowsMsvc),
    ];
    for (spelling, target) in cases {
        assert_eq!(Target::from_triple(spelling), Some(target), "{spelling}");
    }
}

#[test]
fn unknown_and_unmodelled_triples_are_rejected() {
    // mingw and musl have different ABIs from the modelled ones; no guessing.
    for spelling in [
        "",
        "x86_64",
        "x86_64-w64-mingw32",
        "x86_64-pc-windows-gnu",
        "x86_64-unknown-linux-musl",
        "i686-pc-windows-msvc",
        "aarch64-pc-windows-msvc",
        "arm-linux-gnueabihf",
        "powerpc64-linux-gnu",
        "x86_64-linux-gnu-extra",
        "x86_64--linux-gnu",
    ] {
        assert_eq!(Target::from_triple(spelling), None, "{spelling:?}");
    }
    let message = "sparc-sun-solaris".parse::<Target>().unwrap_err();
    assert!(message.contains("sparc-sun-solaris"), "{message}");
    for target in Target::ALL {
        assert!(message.contains(target.triple()), "{message}");
    }
}

#[test]
fn every_layout_is_consistent() {
    for target in Target::ALL {
        for &t in CType::ALL {
            let Some(layout) = target.c_opt(t) else {
                continue;
            };
            assert!(layout.align.is_power_of_two(), "{target} {t:?}");
            assert_eq!(layout.size % layout.align, 0, "{target} {t:?}");
            assert_eq!(target.c(t), layout);
            assert_eq!(target.c_alignof(t), layout.align, "{target} {t:?}");
        }
        for t in FortranType::ALL {
            for kind in 0..=32 {
                let layout = target.fortran(t, kind);
                assert_eq!(layout.is_some(), target.fortran_kinds(t).contains(&kind));
                if let Some(layout) = layout {
                    assert!(layout.align.is_power_of_two(), "{target} {t:?} {kind}");
                    assert_eq!(layout.size % layout.align, 0, "{target} {t:?} {kind}");
                }
            }
            assert!(target
                .fortran_kinds(t)
                .contains(&target.fortran_default_kind(t)));
        }
    }
}

#[test]
fn fixed_width_and_derived_c_types_follow_their_definitions() {
    for target in Target::ALL {
        let c = |t| target.c(t);
        assert_eq!(c(CType::Char), sa(1, 1));
        assert_eq!(c(CType::Bool), sa(1, 1));
        assert_eq!(c(CType::Int8), c(CType::SignedChar));
        assert_eq!(c(CType::Int16), c(CType::Short));
        assert_eq!(c(CType::Int32), c(CType::Int));
        assert_eq!(c(CType::Int64), c(CType::LongLong));
        assert_eq!(c(CType::UInt64), c(CType::UnsignedLongLong));
        assert_eq!(c(CType::FloatComplex), c(CType::Float).complex_of());
        assert_eq!(c(CType::DoubleComplex), c(CType::Double).complex_of());
        assert_eq!(
            c(CType::LongDoubleComplex),
            c(CType::LongDouble).complex_of()
        );
        assert_eq!(c(CType::SizeT), c(CType::Pointer));
        assert_eq!(c(CType::PtrdiffT), c(CType::Pointer));
        assert_eq!(c(CType::IntptrT), c(CType::Pointer));
        assert_eq!(c(CType::MpiAint), c(CType::IntptrT));
        assert_eq!(c(CType::MpiOffset), c(CType::LongLong));
        assert_eq!(c(CType::MpiCount), c(CType::LongLong));
        assert_eq!(c(CType::MpiFint), c(CType::Int));
        assert_eq!(
            target.fortran(
                FortranType::Integer,
                target.fortran_default_kind(FortranType::Integer)
            ),
            Some(c(CType::MpiFint)),
        );
    }
}

#[test]
fn x86_64_linux_gnu_spot_values() {
    let t = Target::X86_64LinuxGnu;
    assert!(t.char_is_signed());
    assert_eq!(t.c(CType::Long), sa(8, 8));
    assert_eq!(t.c(CType::Double), sa(8, 8));
    assert_eq!(t.c(CType::LongDouble), sa(16, 16));
    assert_eq!(t.c(CType::LongDoubleComplex), sa(32, 16));
    assert_eq!(t.c(CType::WChar), sa(4, 4));
    assert_eq!(t.c(CType::Pointer), sa(8, 8));
    assert_eq!(t.c_opt(CType::Int128), Some(sa(16, 16)));
    assert_eq!(t.c_opt(CType::Float128), Some(sa(16, 16)));
    assert_eq!(t.c(CType::MpiAint), sa(8, 8));
    assert_eq!(t.fortran(FortranType::Real, 10), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Complex, 10), Some(sa(32, 16)));
    assert_eq!(t.fortran(FortranType::Integer, 16), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Logical, 16), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Complex, 8), Some(sa(16, 8)));
    assert_eq!(t.fortran(FortranType::Real, 3), None);
}

#[test]
fn i686_linux_gnu_spot_values() {
    let t = Target::I686LinuxGnu;
    assert!(t.char_is_signed());
    assert_eq!(t.c(CType::Long), sa(4, 4));
    assert_eq!(t.c(CType::Pointer), sa(4, 4));
    assert_eq!(t.c(CType::MpiAint), sa(4, 4));
    // 8-byte scalars are 4-aligned in structs, and C11 _Alignof agrees since GCC 8.
    assert_eq!(t.c(CType::Double), sa(8, 4));
    assert_eq!(t.c(CType::LongLong), sa(8, 4));
    assert_eq!(t.c(CType::UInt64), sa(8, 4));
    assert_eq!(t.c(CType::MpiOffset), sa(8, 4));
    assert_eq!(t.c(CType::DoubleComplex), sa(16, 4));
    assert_eq!(t.c_alignof(CType::Double), 4);
    assert_eq!(t.c_alignof(CType::LongLong), 4);
    assert_eq!(t.c(CType::LongDouble), sa(12, 4));
    assert_eq!(t.c(CType::LongDoubleComplex), sa(24, 4));
    assert_eq!(t.c_opt(CType::Int128), None);
    assert_eq!(t.c_opt(CType::Float128), Some(sa(16, 16)));
    // gfortran lays kind-8 values out like C's 8-byte scalars.
    assert_eq!(t.fortran(FortranType::Real, 8), Some(sa(8, 4)));
    assert_eq!(t.fortran(FortranType::Integer, 8), Some(sa(8, 4)));
    assert_eq!(t.fortran(FortranType::Logical, 8), Some(sa(8, 4)));
    assert_eq!(t.fortran(FortranType::Complex, 8), Some(sa(16, 4)));
    assert_eq!(t.fortran(FortranType::Real, 10), Some(sa(12, 4)));
    assert_eq!(t.fortran(FortranType::Complex, 10), Some(sa(24, 4)));
    assert_eq!(t.fortran(FortranType::Real, 16), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Integer, 16), None);
    assert_eq!(t.fortran(FortranType::Logical, 16), None);
}

/// Where gfortran puts a member of a COMMON block: after a CHARACTER, the offset of the next
/// member (read from `.comm` sizes in `gfortran -S` output for i686, and from `loc` on
/// x86_64); aarch64 from gcc's `__alignof__`, which equals each type's alignment as a member.
#[test]
fn common_block_members_are_aligned_to_their_types() {
    use FortranType::*;
    let cases = [
        (Real, 8, [8, 8, 8]),
        (Integer, 8, [8, 8, 8]),
        (Complex, 8, [8, 8, 8]),
        (Complex, 4, [4, 4, 4]),
        (Real, 10, [16, 4, 0]),
        (Real, 16, [16, 16, 16]),
        (Integer, 2, [2, 2, 2]),
    ];
    let targets = [
        Target::X86_64LinuxGnu,
        Target::I686LinuxGnu,
        Target::Aarch64LinuxGnu,
    ];
    for (ty, kind, aligns) in cases {
        for (target, align) in targets.into_iter().zip(aligns) {
            let expected = (align > 0).then_some(align);
            assert_eq!(
                target.fortran_common_align(ty, kind),
                expected,
                "{ty:?}({kind}) on {target}"
            );
        }
    }
    // Not measured there.
    assert_eq!(
        Target::Powerpc64leLinuxGnu.fortran_common_align(Real, 8),
        None
    );
    assert_eq!(
        Target::X86_64WindowsMsvc.fortran_common_align(Real, 8),
        None
    );
}

#[test]
fn aarch64_linux_gnu_spot_values() {
    let t = Target::Aarch64LinuxGnu;
    assert!(!t.char_is_signed());
    assert_eq!(t.c(CType::Long), sa(8, 8));
    assert_eq!(t.c(CType::LongDouble), sa(16, 16));
    assert_eq!(t.c(CType::WChar), sa(4, 4));
    assert_eq!(t.c_opt(CType::Int128), Some(sa(16, 16)));
    assert_eq!(t.c_opt(CType::Float128), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Real, 10), None);
    assert_eq!(t.fortran(FortranType::Real, 16), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Integer, 16), Some(sa(16, 16)));
}

#[test]
fn powerpc64le_linux_gnu_spot_values() {
    let t = Target::Powerpc64leLinuxGnu;
    assert!(!t.char_is_signed());
    assert_eq!(t.c(CType::Long), sa(8, 8));
    assert_eq!(t.c(CType::LongDouble), sa(16, 16));
    assert_eq!(t.c(CType::LongDoubleComplex), sa(32, 16));
    assert_eq!(t.c_opt(CType::Float128), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Real, 10), None);
    assert_eq!(t.fortran(FortranType::Real, 16), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Complex, 16), Some(sa(32, 16)));
}

#[test]
fn x86_64_windows_msvc_spot_values() {
    let t = Target::X86_64WindowsMsvc;
    assert!(t.char_is_signed());
    assert_eq!(t.c(CType::Long), sa(4, 4));
    assert_eq!(t.c(CType::UnsignedLong), sa(4, 4));
    assert_eq!(t.c(CType::LongLong), sa(8, 8));
    assert_eq!(t.c(CType::LongDouble), sa(8, 8));
    assert_eq!(t.c(CType::LongDoubleComplex), sa(16, 8));
    assert_eq!(t.c(CType::WChar), sa(2, 2));
    assert_eq!(t.c(CType::Pointer), sa(8, 8));
    assert_eq!(t.c(CType::MpiAint), sa(8, 8));
    assert_eq!(t.c_opt(CType::Int128), None);
    assert_eq!(t.c_opt(CType::Float128), None);
    // Fortran follows mingw-w64 gfortran.
    assert_eq!(t.fortran(FortranType::Real, 10), Some(sa(16, 16)));
    assert_eq!(t.fortran(FortranType::Integer, 16), Some(sa(16, 16)));
}

#[test]
fn gfortran_defaults() {
    for target in Target::ALL {
        assert_eq!(target.fortran_default_kind(FortranType::Integer), 4);
        assert_eq!(target.fortran_default_kind(FortranType::Real), 4);
        assert_eq!(target.fortran_default_kind(FortranType::Complex), 4);
        assert_eq!(target.fortran_default_kind(FortranType::Logical), 4);
        assert_eq!(target.fortran_default_kind(FortranType::Character), 1);
        assert_eq!(target.fortran_double_precision_kind(), 8);
        assert_eq!(target.fortran(FortranType::Character, 1), Some(sa(1, 1)));
        assert_eq!(target.fortran(FortranType::Character, 4), Some(sa(4, 4)));
        assert_eq!(target.fortran(FortranType::Complex, 4), Some(sa(8, 4)));
    }
}

#[test]
fn spellings_are_distinct_and_nonempty() {
    let mut seen = std::collections::HashSet::new();
    for &t in CType::ALL {
        assert!(!t.spelling().is_empty());
        assert!(seen.insert(t.spelling()), "{t:?}");
    }
    assert_eq!(CType::UnsignedLongLong.spelling(), "unsigned long long");
    assert_eq!(CType::MpiAint.spelling(), "MPI_Aint");
}

#[test]
#[should_panic(expected = "__int128 does not exist on i686-linux-gnu")]
fn c_of_an_absent_type_panics_with_its_name() {
    Target::I686LinuxGnu.c(CType::Int128);
}

/// Compares the whole table with the files written by the probe script (one per triple, lines
/// `char_signed B`, `c TYPE SIZE MEMBER_ALIGN ALIGNOF` or `c TYPE absent`,
/// `fortran_kinds TYPE K...`, `fortran_default TYPE K`, `fortran_double_precision K`,
/// `fortran TYPE KIND SIZE ALIGN`). Skipped unless `ABI_MEASUREMENTS_DIR` is set.
#[test]
fn measured_tables_agree_with_compilers() {
    let Some(dir) = std::env::var_os("ABI_MEASUREMENTS_DIR") else {
        eprintln!("ABI_MEASUREMENTS_DIR not set: skipping the comparison with compilers");
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut mismatches = Vec::new();
    for target in Target::ALL {
        let path = dir.join(format!("{}.txt", target.triple()));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let mut c_types_seen = 0;
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let model = model_line(target, &words, &mut c_types_seen);
            if model != line {
                mismatches.push(format!("{target}: measured `{line}`, model `{model}`"));
            }
        }
        // Every C type but the MPI typedefs (checked against their definitions above).
        assert_eq!(c_types_seen, CType::ALL.len() - 4, "{}", path.display());
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// The model's version of one measurement line.
fn model_line(target: Target, words: &[&str], c_types_seen: &mut usize) -> String {
    let fortran_type = |name: &str| {
        FortranType::ALL
            .into_iter()
            .find(|t| format!("{t:?}") == name)
            .unwrap_or_else(|| panic!("unknown Fortran type {name}"))
    };
    let number = |word: &str| {
        word.parse::<u32>()
            .unwrap_or_else(|e| panic!("{word}: {e}"))
    };
    let join = |values: &[u32]| {
        values
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    match words {
        ["char_signed", _] => format!("char_signed {}", u8::from(target.char_is_signed())),
        ["c", name, ..] => {
            let t = *CType::ALL
                .iter()
                .find(|t| format!("{t:?}") == *name)
                .unwrap_or_else(|| panic!("unknown C type {name}"));
            *c_types_seen += 1;
            match target.c_opt(t) {
                Some(l) => format!("c {name} {} {} {}", l.size, l.align, target.c_alignof(t)),
                None => format!("c {name} absent"),
            }
        }
        ["fortran_kinds", name, ..] => {
            let kinds = target.fortran_kinds(fortran_type(name));
            format!("fortran_kinds {name} {}", join(kinds))
        }
        ["fortran_default", name, _] => {
            let kind = target.fortran_default_kind(fortran_type(name));
            format!("fortran_default {name} {kind}")
        }
        ["fortran_double_precision", _] => {
            format!(
                "fortran_double_precision {}",
                target.fortran_double_precision_kind()
            )
        }
        ["fortran", name, kind, ..] => match target.fortran(fortran_type(name), number(kind)) {
            Some(l) => format!("fortran {name} {kind} {} {}", l.size, l.align),
            None => format!("fortran {name} {kind} absent"),
        },
        _ => panic!("unrecognised measurement line {words:?}"),
    }
}
