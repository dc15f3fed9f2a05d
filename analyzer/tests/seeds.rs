//! The datatype examples of the MPI-2.2 chapter in shared/seeds (the PDF extraction lost minus
//! signs: Example 4.4's displacements are negative), evaluated by the engine under the
//! standard's definitions on x86_64-linux-gnu.

use analyzer::dtype::{Api, Constructor, Datatype, Engine, MpiModel, Predefined};

const STD: MpiModel = MpiModel::Standard;

fn engine() -> Engine {
    Engine::default()
}

fn basic(p: Predefined) -> Datatype {
    engine().predefined(p).expect("predefined type")
}

fn make(ctor: Constructor, olds: &[Datatype]) -> Datatype {
    engine()
        .construct(&ctor, Api::Standard, olds)
        .expect("valid constructor")
}

fn make_mpi1(ctor: Constructor, olds: &[Datatype]) -> Datatype {
    engine()
        .construct(&ctor, Api::Mpi1, olds)
        .expect("valid constructor")
}

fn strukt(blocks: &[(i128, i128, Datatype)]) -> Datatype {
    let ctor = Constructor::Struct {
        blocklengths: blocks.iter().map(|b| b.0).collect(),
        displacements: blocks.iter().map(|b| b.1).collect(),
    };
    let olds: Vec<Datatype> = blocks.iter().map(|b| b.2.clone()).collect();
    make(ctor, &olds)
}

/// `{(double, 0), (char, 8)}`, the old type of examples 4.1-4.5.
fn double_char() -> Datatype {
    strukt(&[
        (1, 0, basic(Predefined::Double)),
        (1, 8, basic(Predefined::Char)),
    ])
}

fn typemap(t: &Datatype) -> Vec<(&'static str, i128)> {
    t.typemap(STD).map(|e| (e.basic.name(), e.disp)).collect()
}

fn dc(disps: &[i128]) -> Vec<(&'static str, i128)> {
    disps
        .iter()
        .flat_map(|&d| [("MPI_DOUBLE", d), ("MPI_CHAR", d + 8)])
        .collect()
}

#[test]
fn example_4_1_extent_rounds_to_alignment() {
    let t = double_char();
    assert_eq!(t.summary(STD).extent(), 16);
    assert_eq!(t.size(), 9);
    let char_then_double = strukt(&[
        (1, 0, basic(Predefined::Char)),
        (1, 8, basic(Predefined::Double)),
    ]);
    assert_eq!(char_then_double.summary(STD).extent(), 16);
}

#[test]
fn example_4_2_contiguous() {
    let t = make(Constructor::Contiguous { count: 3 }, &[double_char()]);
    assert_eq!(typemap(&t), dc(&[0, 16, 32]));
    assert_eq!(t.summary(STD).extent(), 48);
}

#[test]
fn example_4_3_vector() {
    let t = make(
        Constructor::Vector {
            count: 2,
            blocklength: 3,
            stride: 4,
        },
        &[double_char()],
    );
    assert_eq!(typemap(&t), dc(&[0, 16, 32, 64, 80, 96]));
    assert_eq!(t.summary(STD).extent(), 112);
}

#[test]
fn example_4_4_vector_with_negative_stride() {
    let t = make(
        Constructor::Vector {
            count: 3,
            blocklength: 1,
            stride: -2,
        },
        &[double_char()],
    );
    assert_eq!(typemap(&t), dc(&[0, -32, -64]));
    let s = t.summary(STD);
    assert_eq!((s.lb, s.ub, s.extent()), (-64, 16, 80));
}

#[test]
fn example_4_5_indexed() {
    let ctor = Constructor::Indexed {
        blocklengths: vec![3, 1],
        displacements: vec![4, 0],
    };
    let t = make(ctor, &[double_char()]);
    assert_eq!(typemap(&t), dc(&[64, 80, 96, 0]));
    assert_eq!(t.size(), 36);
}

#[test]
fn example_4_6_struct() {
    let t = strukt(&[
        (2, 0, basic(Predefined::Float)),
        (1, 16, double_char()),
        (3, 26, basic(Predefined::Char)),
    ]);
    assert_eq!(
        typemap(&t),
        vec![
            ("MPI_FLOAT", 0),
            ("MPI_FLOAT", 4),
            ("MPI_DOUBLE", 16),
            ("MPI_CHAR", 24),
            ("MPI_CHAR", 26),
            ("MPI_CHAR", 27),
            ("MPI_CHAR", 28)
        ]
    );
}

/// Example 4.13: the section `a(1:17:2, 3:11, 2:10)` of `REAL a(100,100,100)`.
#[test]
fn example_4_13_three_dimensional_section() {
    let real = basic(Predefined::Real);
    let sizeofreal = real.summary(STD).extent();
    let oneslice = make(
        Constructor::Vector {
            count: 9,
            blocklength: 1,
            stride: 2,
        },
        &[real],
    );
    let twoslice = make_mpi1(
        Constructor::Hvector {
            count: 9,
            blocklength: 1,
            stride: 100 * sizeofreal,
        },
        &[oneslice],
    );
    let threeslice = make_mpi1(
        Constructor::Hvector {
            count: 9,
            blocklength: 1,
            stride: 100 * 100 * sizeofreal,
        },
        &[twoslice],
    );
    let s = threeslice.summary(STD);
    assert_eq!((threeslice.size(), s.lb, s.extent()), (2916, 0, 323268));
    assert_eq!(threeslice.entry_count(), 729);
    assert_eq!(
        threeslice.describe(),
        "hvector(9 x 1, stride 40000 B) of hvector(9 x 1, stride 400 B) of vector(9 x 1, stride 2) of MPI_REAL"
    );
    let runs: Vec<_> = threeslice
        .signature_runs(1)
        .map(|r| (r.basic.name(), r.count))
        .collect();
    assert_eq!(runs, vec![("MPI_REAL", 729)]);
    // a(1,3,2) + (2i, j, k) in column-major order: the first and last elements.
    let entries: Vec<i128> = threeslice.typemap(STD).map(|e| e.disp).collect();
    assert_eq!(entries[..3], [0, 8, 16]);
    assert_eq!(*entries.last().unwrap(), 8 * 40000 + 8 * 400 + 16 * 4);
}

/// Example 4.14: the strictly lower triangle of `REAL a(100,100)`.
#[test]
fn example_4_14_lower_triangle() {
    let disp: Vec<i128> = (1..=100).map(|i| 100 * (i - 1) + i).collect();
    let blocklen: Vec<i128> = (1..=100).map(|i| 100 - i).collect();
    let ltype = make(
        Constructor::Indexed {
            blocklengths: blocklen,
            displacements: disp,
        },
        &[basic(Predefined::Real)],
    );
    let s = ltype.summary(STD);
    assert_eq!((ltype.size(), s.lb, s.extent()), (19800, 4, 39596));
}

/// Example 4.15: transpose with a vector of rows, hvector-ed by one real.
#[test]
fn example_4_15_transpose() {
    let real = basic(Predefined::Real);
    let row = make(
        Constructor::Vector {
            count: 100,
            blocklength: 1,
            stride: 100,
        },
        &[real],
    );
    let xpose = make_mpi1(
        Constructor::Hvector {
            count: 100,
            blocklength: 1,
            stride: 4,
        },
        std::slice::from_ref(&row),
    );
    assert_eq!(row.summary(STD).extent(), 39604);
    assert_eq!((xpose.size(), xpose.summary(STD).extent()), (40000, 40000));
    // Element k of the message is a(k / 100 + 1, k % 100 + 1): row-major order.
    let second: Vec<i128> = xpose
        .typemap(STD)
        .skip(100)
        .take(2)
        .map(|e| e.disp)
        .collect();
    assert_eq!(second, [4, 404]);
}

/// Example 4.16: the row with MPI_UB at one real, so that 100 of them interleave.
#[test]
fn example_4_16_transpose_with_upper_bound_marker() {
    let real = basic(Predefined::Real);
    let row = make(
        Constructor::Vector {
            count: 100,
            blocklength: 1,
            stride: 100,
        },
        &[real],
    );
    let ctor = Constructor::Struct {
        blocklengths: vec![1, 1],
        displacements: vec![0, 4],
    };
    let row1 = make_mpi1(ctor, &[row, basic(Predefined::Ub)]);
    let s = row1.summary(STD);
    assert_eq!((s.lb, s.ub, row1.size()), (0, 4, 400));
    let hundred = make(Constructor::Contiguous { count: 100 }, &[row1]);
    assert_eq!(hundred.size(), 40000);
    assert_eq!(hundred.overlaps(STD, 1 << 20), Some(false));
}

/// Example 4.17: `struct Partstruct { int type; double d[6]; char b[7]; }`.
#[test]
fn example_4_17_particle_struct() {
    let particle = strukt(&[
        (1, 0, basic(Predefined::Int)),
        (6, 8, basic(Predefined::Double)),
        (7, 56, basic(Predefined::Char)),
    ]);
    let s = particle.summary(STD);
    assert_eq!((particle.size(), s.extent()), (59, 64));
    for model in MpiModel::ALL {
        assert_eq!(particle.summary(model).extent(), 64, "{model}");
    }
    assert!(particle.implementation_dependent().is_empty());
}

/// The 003 seed's example (wrongly explained there): {(double,0),(double,16),(int,24)}.
#[test]
fn seed_003_example_extent_and_size() {
    let t = strukt(&[
        (1, 0, basic(Predefined::Double)),
        (1, 16, basic(Predefined::Double)),
        (1, 24, basic(Predefined::Int)),
    ]);
    assert_eq!((t.summary(STD).extent(), t.size()), (32, 20));
}
