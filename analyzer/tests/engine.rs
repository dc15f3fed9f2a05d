//! The engine's contract beyond the seed examples: errors as data, the documented divergences
//! between MPI libraries, cost on huge types, and the lazy walks.

use analyzer::dtype::{
    compare_signatures, Api, Constructor, Datatype, Distribution, DtypeError, Engine, IntKind,
    MpiModel, Order, Predefined, SignatureComparison, DFLT_DARG,
};
use analyzer::layout::Target;

const STD: MpiModel = MpiModel::Standard;

fn basic(p: Predefined) -> Datatype {
    Engine::default().predefined(p).unwrap()
}

fn make(ctor: Constructor, olds: &[Datatype]) -> Result<Datatype, DtypeError> {
    Engine::default().construct(&ctor, Api::Standard, olds)
}

fn strukt(blocks: &[(i128, i128, Datatype)]) -> Datatype {
    let ctor = Constructor::Struct {
        blocklengths: blocks.iter().map(|b| b.0).collect(),
        displacements: blocks.iter().map(|b| b.1).collect(),
    };
    let olds: Vec<Datatype> = blocks.iter().map(|b| b.2.clone()).collect();
    make(ctor, &olds).unwrap()
}

fn extents(t: &Datatype) -> [i128; 3] {
    MpiModel::ALL.map(|m| t.summary(m).extent())
}

#[test]
fn misaligned_hvector_pads_in_the_standard_and_open_mpi_not_in_mpich() {
    let t = make(
        Constructor::Hvector {
            count: 2,
            blocklength: 1,
            stride: 12,
        },
        &[basic(Predefined::Double)],
    )
    .unwrap();
    assert_eq!(extents(&t), [24, 20, 24]);
    assert_eq!(t.implementation_dependent(), ["ub", "extent"]);
}

#[test]
fn struct_of_identical_members_is_not_padded_by_mpich() {
    let d = basic(Predefined::Double);
    assert_eq!(
        extents(&strukt(&[(1, 0, d.clone()), (1, 12, d.clone())])),
        [24, 20, 24]
    );
    let c = basic(Predefined::Char);
    assert_eq!(extents(&strukt(&[(1, 0, d), (1, 8, c)])), [16, 16, 16]);
}

#[test]
fn resized_member_bounds_are_sticky_except_in_mpich() {
    let narrow = make(
        Constructor::Resized { lb: 0, extent: 4 },
        &[basic(Predefined::Double)],
    )
    .unwrap();
    let t = strukt(&[(1, 0, narrow), (1, 5, basic(Predefined::Char))]);
    assert_eq!(extents(&t), [4, 8, 4]);
}

#[test]
fn empty_types_have_library_specific_bounds() {
    let zero_blocks = make(
        Constructor::Vector {
            count: 3,
            blocklength: 0,
            stride: 2,
        },
        &[basic(Predefined::Double)],
    )
    .unwrap();
    let ub = MpiModel::ALL.map(|m| zero_blocks.summary(m).ub);
    assert_eq!(ub, [0, 32, 0]);
    assert_eq!(zero_blocks.size(), 0);
    assert_eq!(zero_blocks.entry_count(), 0);
    let none = make(
        Constructor::Contiguous { count: 0 },
        &[basic(Predefined::Double)],
    )
    .unwrap();
    assert!(none.implementation_dependent().is_empty());
}

#[test]
fn empty_blocks_keep_bounds_in_mpich() {
    // MPICH's block rule with `blocklength - 1 = -1`: the bounds collapse onto the old lb.
    let chars = strukt(&[(2, -8, basic(Predefined::SignedChar))]);
    let t = make(
        Constructor::Hvector {
            count: 1,
            blocklength: 0,
            stride: 0,
        },
        &[chars],
    )
    .unwrap();
    assert_eq!(MpiModel::ALL.map(|m| t.summary(m).lb), [0, -8, 0]);
    // MPICH strips markers before it finds the struct empty, then applies them.
    let ub = make(
        Constructor::Struct {
            blocklengths: vec![0],
            displacements: vec![4],
        },
        &[basic(Predefined::Ub)],
    )
    .unwrap();
    assert_eq!(extents(&ub), [0, 4, 0]);
}

#[test]
fn members_count_with_their_padded_bounds_and_empty_old_types_replicate_to_nothing() {
    let t = strukt(&[
        (1, 72, basic(Predefined::DoubleInt)),
        (1, -20, basic(Predefined::Char)),
    ]);
    assert_eq!(extents(&t), [112, 112, 112]);
    let marker_only = strukt(&[(1, -4, basic(Predefined::Ub))]);
    let copies = make(Constructor::Contiguous { count: 3 }, &[marker_only]).unwrap();
    assert_eq!(MpiModel::ALL.map(|m| copies.summary(m).lb), [0, 0, 0]);
    assert_eq!(extents(&copies), [0, 0, 0]);
}

#[test]
fn open_mpi_reports_sentinel_true_bounds_for_a_darray_rank_without_elements() {
    let ctor = Constructor::Darray {
        size: 4,
        rank: 3,
        gsizes: vec![2],
        distribs: vec![Distribution::Block],
        dargs: vec![DFLT_DARG],
        psizes: vec![4],
        order: Order::C,
    };
    let t = make(ctor, &[basic(Predefined::Int)]).unwrap();
    assert_eq!(t.size(), 0);
    let ompi = t.summary(MpiModel::OpenMpi);
    assert_eq!(
        (ompi.lb, ompi.extent(), ompi.true_lb, ompi.true_extent()),
        (0, 8, i64::MAX as i128, 1)
    );
    let mpich = t.summary(MpiModel::Mpich);
    assert_eq!(
        (mpich.lb, mpich.extent(), mpich.true_lb, mpich.true_extent()),
        (0, 8, 0, 0)
    );
}

#[test]
fn pair_types_have_their_c_struct_layout() {
    let cases = [
        (Predefined::DoubleInt, 12, 16, 12),
        (Predefined::ShortInt, 6, 8, 8),
        (Predefined::LongDoubleInt, 20, 32, 20),
        (Predefined::TwoInt, 8, 8, 8),
        (Predefined::TwoDoublePrecision, 16, 16, 16),
    ];
    for (p, size, extent, true_extent) in cases {
        let t = basic(p);
        for m in MpiModel::ALL {
            let s = t.summary(m);
            assert_eq!(
                (t.size(), s.extent(), s.true_extent()),
                (size, extent, true_extent),
                "{p} {m}"
            );
        }
    }
    let i686 = Engine::new(Target::I686LinuxGnu);
    let ldi = i686.predefined(Predefined::LongDoubleInt).unwrap();
    assert_eq!((ldi.size(), ldi.summary(STD).extent()), (16, 16));
}

#[test]
fn target_alignment_drives_the_padding() {
    let i686 = Engine::new(Target::I686LinuxGnu);
    let ctor = Constructor::Struct {
        blocklengths: vec![1, 1],
        displacements: vec![0, 8],
    };
    let olds = [
        i686.predefined(Predefined::Double).unwrap(),
        i686.predefined(Predefined::Char).unwrap(),
    ];
    let t = i686.construct(&ctor, Api::Standard, &olds).unwrap();
    assert_eq!(t.summary(STD).extent(), 12);
    assert_eq!(
        Engine::default()
            .construct(
                &ctor,
                Api::Standard,
                &[basic(Predefined::Double), basic(Predefined::Char)]
            )
            .unwrap()
            .summary(STD)
            .extent(),
        16
    );
}

#[test]
fn invalid_arguments_are_typed_errors() {
    let int = basic(Predefined::Int);
    let err = |ctor: Constructor| make(ctor, std::slice::from_ref(&int)).unwrap_err();
    assert_eq!(
        err(Constructor::Contiguous { count: -1 }),
        DtypeError::Negative {
            arg: "count",
            value: -1
        }
    );
    assert_eq!(
        err(Constructor::Vector {
            count: 1 << 31,
            blocklength: 1,
            stride: 1
        }),
        DtypeError::OutOfRange {
            arg: "count",
            value: 1 << 31,
            kind: IntKind::Int
        }
    );
    let large = Engine::default().construct(
        &Constructor::Contiguous { count: 1 << 31 },
        Api::LargeCount,
        std::slice::from_ref(&int),
    );
    assert_eq!(large.unwrap().size(), 1 << 33);
    let subarray = Constructor::Subarray {
        sizes: vec![10],
        subsizes: vec![4],
        starts: vec![7],
        order: Order::C,
    };
    assert!(
        matches!(err(subarray), DtypeError::InvalidArgument(m) if m.contains("array_of_starts[0]"))
    );
    let darray = Constructor::Darray {
        size: 4,
        rank: 0,
        gsizes: vec![8, 8],
        distribs: vec![Distribution::Block, Distribution::Block],
        dargs: vec![DFLT_DARG, DFLT_DARG],
        psizes: vec![3, 1],
        order: Order::C,
    };
    assert!(matches!(err(darray), DtypeError::InvalidArgument(m) if m.contains("3 processes")));
    let i686 = Engine::new(Target::I686LinuxGnu);
    let far = Constructor::Hvector {
        count: 2,
        blocklength: 1,
        stride: 1 << 40,
    };
    assert!(matches!(
        i686.construct(
            &far,
            Api::Standard,
            &[i686.predefined(Predefined::Int).unwrap()]
        ),
        Err(DtypeError::OutOfRange {
            kind: IntKind::Aint,
            ..
        })
    ));
    let marker_vector = make(
        Constructor::Contiguous { count: 2 },
        &[basic(Predefined::Ub)],
    )
    .unwrap_err();
    assert_eq!(marker_vector, DtypeError::InvalidOldType("MPI_UB"));
    assert!(matches!(
        make(Constructor::F90Integer { range: 19 }, &[]),
        Err(DtypeError::NoMatchingKind { .. })
    ));
}

#[test]
fn arithmetic_beyond_mpi_aint_is_an_overflow_error_not_a_wrap() {
    let mut t = basic(Predefined::Double);
    let mut result = Ok(());
    for _ in 0..4 {
        match make(
            Constructor::Hvector {
                count: i32::MAX as i128,
                blocklength: 1,
                stride: 1 << 40,
            },
            &[t.clone()],
        ) {
            Ok(next) => t = next,
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    assert!(matches!(result, Err(DtypeError::Overflow { .. })));
}

/// Vectors nested `depth` deep, each of `count` blocks of one double, twice as far apart as
/// the type below is wide.
fn nested(count: i128, depth: usize) -> Datatype {
    let mut t = basic(Predefined::Double);
    for _ in 0..depth {
        let stride = 2 * t.summary(STD).extent();
        t = make(
            Constructor::Hvector {
                count,
                blocklength: 1,
                stride,
            },
            &[t],
        )
        .unwrap();
    }
    t
}

#[test]
fn huge_types_summarise_from_the_tree() {
    let t = nested(1 << 10, 4);
    assert_eq!(t.entry_count(), 1 << 40);
    assert_eq!(t.size(), 8 << 40);
    assert_eq!(t.node_count(), 5);
    let runs: Vec<_> = t.signature_runs(3).map(|r| (r.basic, r.count)).collect();
    assert_eq!(runs, [(Predefined::Double, 3 << 40)]);
    assert_eq!(t.overlaps(STD, 1000), Some(false));
    let mut walk = t.typemap(STD).with_budget(1000);
    assert!(walk.by_ref().count() < 1000);
    assert!(walk.over_budget());
    // The last entries, by seeking: the last double of the last block at every level.
    let last: Vec<i128> = t.typemap_from(STD, (1 << 40) - 1).map(|e| e.disp).collect();
    let mut expected = 0;
    let mut extent = 8;
    for _ in 0..4 {
        expected += 1023 * 2 * extent;
        extent = 1023 * 2 * extent + extent;
    }
    assert_eq!(last, [expected]);
    assert_eq!(t.blocks(STD, 100), None);
}

#[test]
fn typemap_order_keeps_repeats_and_seeks_exactly() {
    let t = make(
        Constructor::Vector {
            count: 2,
            blocklength: 3,
            stride: 1,
        },
        &[basic(Predefined::Char)],
    )
    .unwrap();
    let disps: Vec<i128> = t.typemap(STD).map(|e| e.disp).collect();
    assert_eq!(disps, [0, 1, 2, 1, 2, 3]);
    assert_eq!(t.overlaps(STD, 100), Some(true));
    for start in 0..6 {
        let seeked: Vec<i128> = t.typemap_from(STD, start).map(|e| e.disp).collect();
        assert_eq!(seeked, disps[start as usize..]);
    }
}

#[test]
fn blocks_merge_contiguous_entries_in_typemap_order() {
    let t = make(
        Constructor::Vector {
            count: 2,
            blocklength: 2,
            stride: 3,
        },
        &[basic(Predefined::Int)],
    )
    .unwrap();
    let blocks: Vec<(i128, i128)> = t
        .blocks(STD, 100)
        .unwrap()
        .iter()
        .map(|b| (b.disp, b.len))
        .collect();
    assert_eq!(blocks, [(0, 8), (12, 8)]);
    assert_eq!(t.overlaps(STD, 100), Some(false));
}

#[test]
fn signature_comparison_names_the_first_difference() {
    let double = basic(Predefined::Double);
    let sent = make(
        Constructor::Contiguous { count: 20 },
        std::slice::from_ref(&double),
    )
    .unwrap();
    let received = strukt(&[(17, 0, double.clone()), (3, 136, basic(Predefined::Long))]);
    assert_eq!(
        compare_signatures(&sent, 1, &received, 1, 1000),
        SignatureComparison::Mismatch {
            element: 17,
            sent: Predefined::Double,
            received: Predefined::Long
        }
    );
    let two_ints = make(
        Constructor::Contiguous { count: 2 },
        &[basic(Predefined::Int)],
    )
    .unwrap();
    let int = basic(Predefined::Int);
    assert_eq!(
        compare_signatures(&two_ints, 1, &int, 2, 1000),
        SignatureComparison::Equal
    );
    assert_eq!(
        compare_signatures(&two_ints, 1, &int, 3, 1000),
        SignatureComparison::Shorter
    );
    assert_eq!(
        compare_signatures(&two_ints, 2, &int, 3, 1000),
        SignatureComparison::Longer
    );
    let mixed = strukt(&[(1, 0, double.clone()), (1, 8, int.clone())]);
    let many = make(Constructor::Contiguous { count: 1 << 20 }, &[mixed]).unwrap();
    assert_eq!(
        compare_signatures(&many, 1, &many, 1, 1000),
        SignatureComparison::Unknown
    );
}

#[test]
fn descriptions_name_the_call_and_pictures_show_the_bytes() {
    let sub = make(
        Constructor::Subarray {
            sizes: vec![4, 6],
            subsizes: vec![2, 3],
            starts: vec![1, 2],
            order: Order::C,
        },
        &[basic(Predefined::Double)],
    )
    .unwrap();
    assert_eq!(
        sub.describe(),
        "subarray(sizes [4, 6], subsizes [2, 3], starts [1, 2], C order) of MPI_DOUBLE"
    );
    let s = sub.summary(STD);
    assert_eq!(
        (s.lb, s.extent(), s.true_lb, s.true_ub, sub.size()),
        (0, 192, 64, 136, 48)
    );
    let t = strukt(&[
        (1, 0, basic(Predefined::Int)),
        (1, 8, basic(Predefined::Double)),
    ]);
    let picture = t.layout_picture(STD, 80).unwrap();
    assert!(picture.contains("|IIII....DDDDDDDD|"), "{picture}");
    assert!(picture.contains("I MPI_INT  D MPI_DOUBLE"), "{picture}");
    let wide = nested(3, 2).layout_picture(STD, 16).unwrap();
    assert!(wide.contains("1 char = "), "{wide}");
}

/// A sparse type at a coarse scale: a vector of 64 doubles with a stride of 102 is 1% data,
/// and its picture says so (cells only partly data in lowercase, the share on its own line),
/// not 64 solid cells.
#[test]
fn a_sparse_picture_shows_its_gaps() {
    let v = make(
        Constructor::Vector {
            count: 64,
            blocklength: 1,
            stride: 102,
        },
        &[basic(Predefined::Double)],
    )
    .unwrap();
    let picture = v.layout_picture(STD, 64).unwrap();
    let row = picture.lines().nth(1).unwrap();
    assert_eq!(row, format!("|{}|", "d".repeat(64)), "{picture}");
    assert!(picture.contains("lowercase: partly gap"), "{picture}");
    assert!(
        picture.ends_with("size 512 in 51416 bytes (1.0%)"),
        "{picture}"
    );
    // At one byte a character, every cell is data or gap.
    let dense = make(
        Constructor::Vector {
            count: 2,
            blocklength: 1,
            stride: 2,
        },
        &[basic(Predefined::Double)],
    )
    .unwrap();
    let picture = dense.layout_picture(STD, 64).unwrap();
    assert!(picture.contains("|DDDDDDDD........DDDDDDDD|"), "{picture}");
    assert!(!picture.contains("lowercase"), "{picture}");
}

/// Entries that overlap are one byte of the picture, not two: four chars at one displacement
/// fill one byte of a four-byte cell, which is drawn as partly data.
#[test]
fn overlapping_entries_do_not_fill_a_cell() {
    let overlapping = make(
        Constructor::Hindexed {
            blocklengths: vec![1, 1, 1, 1, 1],
            displacements: vec![0, 0, 0, 0, 200],
        },
        &[basic(Predefined::Char)],
    )
    .unwrap();
    let picture = overlapping.layout_picture(STD, 64).unwrap();
    assert!(picture.contains("1 char = 4 bytes"), "{picture}");
    let row = picture.lines().nth(1).unwrap();
    assert!(row.starts_with("|c."), "{picture}");
    // The same cell with four different bytes is full.
    let distinct = make(
        Constructor::Hindexed {
            blocklengths: vec![1, 1, 1, 1, 1],
            displacements: vec![3, 1, 2, 0, 200],
        },
        &[basic(Predefined::Char)],
    )
    .unwrap();
    let picture = distinct.layout_picture(STD, 64).unwrap();
    assert!(
        picture.lines().nth(1).unwrap().starts_with("|C."),
        "{picture}"
    );
}

#[test]
fn f90_types_follow_selected_kinds() {
    let sizes: Vec<i128> = [(Some(6), None), (Some(15), Some(300)), (Some(18), None)]
        .into_iter()
        .map(|(precision, range)| {
            make(Constructor::F90Real { precision, range }, &[])
                .unwrap()
                .size()
        })
        .collect();
    assert_eq!(sizes, [4, 8, 16]);
    assert_eq!(
        make(Constructor::F90Integer { range: 9 }, &[])
            .unwrap()
            .size(),
        4
    );
    assert_eq!(
        make(
            Constructor::F90Complex {
                precision: Some(10),
                range: None
            },
            &[]
        )
        .unwrap()
        .size(),
        16
    );
}
