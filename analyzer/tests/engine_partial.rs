//! Partial summaries against the engine, under every model: whatever the arguments a partial
//! summary does not read (displacements, strides, starts, a resized lb or extent) and whatever
//! the parts of an old type it is not told, every value it knows is the value of the datatype
//! the whole call makes. The engine's own values are checked against MPICH and Open MPI by
//! the oracle tests; the C fixtures check partial summaries against them too.

use analyzer::dtype::{
    Api, Constructor, Datatype, DtypeError, Engine, MpiModel, Order, Partial, PartialCall,
    Predefined,
};

const FIELDS: [&str; 6] = ["size", "lb", "ub", "extent", "true_lb", "true_extent"];

/// Places the unknown arguments take: negative, zero, misaligned, far.
const PLACES: [i128; 5] = [-16, 0, 3, 8, 40];

fn basic(p: Predefined) -> Datatype {
    Engine::default().predefined(p).unwrap()
}

fn make(ctor: Constructor, olds: &[Datatype]) -> Result<Datatype, DtypeError> {
    Engine::default().construct(&ctor, Api::Standard, olds)
}

/// A call on one old type.
fn on(ctor: Constructor, old: &Datatype) -> Result<Datatype, DtypeError> {
    make(ctor, std::slice::from_ref(old))
}

fn partial(call: PartialCall, olds: &[Option<Partial>]) -> Option<Partial> {
    Engine::default().partial(&call, Api::Standard, olds)
}

/// Old types whose bounds the models treat differently: padded, resized narrower and to a
/// negative extent, empty, with bound markers, with a negative stride, a pair type.
fn zoo() -> Vec<Datatype> {
    let (int, double, char) = (
        basic(Predefined::Int),
        basic(Predefined::Double),
        basic(Predefined::Char),
    );
    let padded = Constructor::Struct {
        blocklengths: vec![1, 1],
        displacements: vec![0, 8],
    };
    let markers = Constructor::Struct {
        blocklengths: vec![1, 1, 1],
        displacements: vec![-4, 0, 12],
    };
    vec![
        int.clone(),
        char.clone(),
        make(padded, &[double.clone(), char.clone()]).unwrap(),
        on(Constructor::Resized { lb: 0, extent: 4 }, &double).unwrap(),
        on(Constructor::Resized { lb: 8, extent: -4 }, &int).unwrap(),
        on(Constructor::Contiguous { count: 0 }, &int).unwrap(),
        make(
            markers,
            &[basic(Predefined::Lb), char.clone(), basic(Predefined::Ub)],
        )
        .unwrap(),
        make(
            Constructor::Vector {
                count: 3,
                blocklength: 1,
                stride: -2,
            },
            &[double],
        )
        .unwrap(),
        basic(Predefined::DoubleInt),
    ]
}

/// Every value `known` has is `whole`'s, under every model.
fn assert_within(known: &Option<Partial>, whole: &Result<Datatype, DtypeError>, what: &str) {
    let (Some(known), Ok(whole)) = (known, whole) else {
        return;
    };
    for model in MpiModel::ALL {
        for field in FIELDS {
            if let Some(v) = known.summary(model).field(field) {
                assert_eq!(
                    Some(v),
                    whole.summary(model).field(field),
                    "{what}: {field} under {model}, whole {whole:?}"
                );
            }
        }
    }
}

fn of(dt: &Datatype) -> Option<Partial> {
    Some(Partial::of(dt))
}

#[test]
fn sizes_follow_counts_and_block_lengths_whatever_the_displacements() {
    for old in zoo() {
        for &place in &PLACES {
            let vector = Constructor::Vector {
                count: 3,
                blocklength: 2,
                stride: place,
            };
            let hvector = Constructor::Hvector {
                count: 3,
                blocklength: 2,
                stride: place,
            };
            let blocks = || PartialCall::Blocks {
                count: 3,
                blocklength: 2,
            };
            let known = partial(blocks(), &[of(&old)]);
            assert_eq!(known.as_ref().unwrap().size(), Some(6 * old.size()));
            assert_within(&known, &on(vector, &old), "vector");
            assert_within(&known, &on(hvector, &old), "hvector");
            let displacements = vec![place, 0, -place];
            let indexed = Constructor::Indexed {
                blocklengths: vec![2, 0, 1],
                displacements: displacements.clone(),
            };
            let lengths = PartialCall::Lengths {
                blocklengths: vec![2, 0, 1],
            };
            let known = partial(lengths, &[of(&old)]);
            assert_eq!(known.as_ref().unwrap().size(), Some(3 * old.size()));
            assert_within(&known, &on(indexed, &old), "indexed");
            let block = Constructor::HindexedBlock {
                blocklength: 2,
                displacements,
            };
            assert_within(
                &partial(blocks(), &[of(&old)]),
                &on(block, &old),
                "hindexed_block",
            );
        }
    }
}

#[test]
fn struct_sizes_follow_block_lengths_and_member_sizes_markers_included() {
    let zoo = zoo();
    let members = [
        basic(Predefined::Lb),
        basic(Predefined::Ub),
        basic(Predefined::Double),
    ];
    for first in zoo.iter().chain(&members) {
        for second in zoo.iter().chain(&members) {
            let known = partial(
                PartialCall::Lengths {
                    blocklengths: vec![1, 3],
                },
                &[of(first), of(second)],
            );
            assert_eq!(
                known.as_ref().unwrap().size(),
                Some(first.size() + 3 * second.size())
            );
            for &place in &PLACES {
                let whole = Constructor::Struct {
                    blocklengths: vec![1, 3],
                    displacements: vec![place, 8],
                };
                let olds = [first.clone(), second.clone()];
                assert_within(&known, &make(whole, &olds), "struct");
            }
        }
    }
}

#[test]
fn resized_types_have_the_bounds_asked_for_and_keep_the_old_types_size_and_true_bounds() {
    for old in zoo() {
        for &lb in &PLACES {
            for extent in [-8, 0, 24] {
                let whole = on(Constructor::Resized { lb, extent }, &old);
                for (lb_known, extent_known) in [(true, true), (false, true), (true, false)] {
                    let call = || PartialCall::Resized {
                        lb: Some(lb).filter(|_| lb_known),
                        extent: Some(extent).filter(|_| extent_known),
                    };
                    let known = partial(call(), &[of(&old)]);
                    assert_within(&known, &whole, "resized");
                    let known = known.unwrap();
                    assert_eq!(known.size(), Some(old.size()));
                    let s = known.summary(MpiModel::OpenMpi);
                    assert_eq!(
                        (s.lb.is_some(), s.extent.is_some()),
                        (lb_known, extent_known)
                    );
                    // An old type of which nothing is known leaves only the bounds asked for.
                    let blind = partial(call(), &[None]).unwrap();
                    assert_within(&Some(blind.clone()), &whole, "resized of unknown");
                    let asked = [lb_known, extent_known, lb_known && extent_known];
                    let unknown = 6 - asked.iter().filter(|&&k| k).count();
                    assert_eq!(blind.unknown_fields(MpiModel::Mpich).len(), unknown);
                }
            }
        }
    }
}

#[test]
fn subarrays_span_the_whole_array_wherever_the_selection_starts() {
    for old in zoo() {
        for sizes in [Some(vec![4, 6]), None] {
            let known = partial(
                PartialCall::Subarray {
                    sizes: sizes.clone(),
                    subsizes: vec![2, 3],
                },
                &[of(&old)],
            )
            .unwrap();
            assert_eq!(known.size(), Some(6 * old.size()));
            for model in MpiModel::ALL {
                let s = known.summary(model);
                assert_eq!(s.lb, Some(0));
                assert_eq!(s.extent.is_some(), sizes.is_some());
            }
            for (start, order) in [(0, Order::C), (1, Order::Fortran), (2, Order::C)] {
                let whole = Constructor::Subarray {
                    sizes: vec![4, 6],
                    subsizes: vec![2, 3],
                    starts: vec![start, start + 1],
                    order,
                };
                assert_within(&Some(known.clone()), &on(whole, &old), "subarray");
            }
        }
    }
}

/// What two old types have alike stands for an old type known in part: what a partial summary
/// says of a call on it holds for the call on either.
#[test]
fn old_types_known_in_part_give_what_holds_for_every_old_type_they_may_be() {
    let zoo = zoo();
    for a in &zoo {
        for b in &zoo {
            let Some(alike) = Partial::of(a).meet(&Partial::of(b)) else {
                continue;
            };
            let calls = [
                (
                    PartialCall::Blocks {
                        count: 1,
                        blocklength: 4,
                    },
                    Constructor::Contiguous { count: 4 },
                ),
                (
                    PartialCall::Resized {
                        lb: Some(-8),
                        extent: Some(40),
                    },
                    Constructor::Resized { lb: -8, extent: 40 },
                ),
                (PartialCall::Dup, Constructor::Dup),
            ];
            for (call, whole) in calls {
                let known = partial(call, &[Some(alike.clone())]);
                for old in [a, b] {
                    assert_within(&known, &on(whole.clone(), old), "meet");
                }
            }
        }
    }
}

#[test]
fn invalid_known_arguments_and_overflow_leave_nothing_known() {
    let int = [of(&basic(Predefined::Int))];
    let blocks = |count, blocklength| PartialCall::Blocks { count, blocklength };
    assert!(partial(blocks(-1, 2), &int).is_none());
    assert!(partial(blocks(1 << 31, 1), &int).is_none());
    assert!(partial(blocks(i32::MAX as i128, 1), &int).is_some());
    let huge = Engine::default()
        .construct(
            &Constructor::Contiguous {
                count: i32::MAX as i128,
            },
            Api::Standard,
            &[basic(Predefined::Double)],
        )
        .unwrap();
    let past_aint = partial(
        PartialCall::Lengths {
            blocklengths: vec![i32::MAX as i128; 3],
        },
        &[of(&huge)],
    );
    assert!(past_aint.is_none());
    let subarray = |subsizes: Vec<i128>| PartialCall::Subarray {
        sizes: Some(vec![4]),
        subsizes,
    };
    assert!(partial(subarray(vec![5]), &int).is_none());
    assert!(partial(subarray(vec![0]), &int).is_none());
    let far = PartialCall::Resized {
        lb: Some(i64::MAX as i128),
        extent: Some(1),
    };
    assert!(partial(far, &int).is_none());
    assert!(partial(blocks(2, 2), &[None]).is_none());
}
