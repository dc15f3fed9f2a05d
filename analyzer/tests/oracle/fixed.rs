//! Fixed oracle cases: the MPI-2.2 chapter 4 examples (shared/seeds/), the divergences the
//! design names, empty types, and every predefined type on its own.

use super::tree::{Dist, Op, Tree, DFLT};

fn leaf(n: &'static str) -> Tree {
    Tree::Leaf(n)
}

fn node(op: Op, kids: Vec<Tree>) -> Tree {
    Tree::node(op, kids)
}

fn strct(bls: &[i64], disps: &[i64], kids: Vec<Tree>) -> Tree {
    Tree::node(
        Op::Struct {
            bls: bls.to_vec(),
            disps: disps.to_vec(),
        },
        kids,
    )
}

fn strct1(bls: &[i64], disps: &[i64], kids: Vec<Tree>) -> Tree {
    Tree::mpi1(
        Op::Struct {
            bls: bls.to_vec(),
            disps: disps.to_vec(),
        },
        kids,
    )
}

/// {(double, 0), (char, 8)}, extent 16: the old type of examples 4.1 to 4.6.
fn type1() -> Tree {
    strct(&[1, 1], &[0, 8], vec![leaf("MPI_DOUBLE"), leaf("MPI_CHAR")])
}

/// What the standard (and the seeds) say a case must give: (size, lb, extent).
pub type Expect = Option<(i128, i128, i128)>;

/// (label, tree, expected standard size/lb/extent).
pub fn cases() -> Vec<(String, Tree, Expect)> {
    let mut v: Vec<(String, Tree, Expect)> = Vec::new();
    let mut add = |label: &str, t: Tree, e: Expect| v.push((label.to_string(), t, e));

    // Example 4.1: {(double,0),(char,8)} has extent 16; a char followed by a double, too.
    add("ex4.1 {double@0,char@8}", type1(), Some((9, 0, 16)));
    add(
        "ex4.1 {char@0,double@8}",
        strct(&[1, 1], &[0, 8], vec![leaf("MPI_CHAR"), leaf("MPI_DOUBLE")]),
        Some((9, 0, 16)),
    );
    add(
        "ex4.1 {char@0,double@1}",
        strct(&[1, 1], &[0, 1], vec![leaf("MPI_CHAR"), leaf("MPI_DOUBLE")]),
        None,
    );
    // Example 4.2: contiguous(3, type1)
    add(
        "ex4.2 contiguous(3,type1)",
        node(Op::Contiguous { count: 3 }, vec![type1()]),
        Some((27, 0, 48)),
    );
    // Example 4.3: vector(2, 3, 4, type1)
    add(
        "ex4.3 vector(2,3,4,type1)",
        node(
            Op::Vector {
                count: 2,
                blocklength: 3,
                stride: 4,
            },
            vec![type1()],
        ),
        Some((54, 0, 112)),
    );
    // Example 4.4: vector(3, 1, -2, type1): displacements 0, -32, -64
    add(
        "ex4.4 vector(3,1,-2,type1)",
        node(
            Op::Vector {
                count: 3,
                blocklength: 1,
                stride: -2,
            },
            vec![type1()],
        ),
        Some((27, -64, 80)),
    );
    // hvector with the same layout, in bytes
    add(
        "ex4.4' hvector(3,1,-32,type1)",
        node(
            Op::Hvector {
                count: 3,
                blocklength: 1,
                stride: -32,
            },
            vec![type1()],
        ),
        Some((27, -64, 80)),
    );
    // Example 4.5: indexed(2, B=(3,1), D=(4,0), type1)
    add(
        "ex4.5 indexed(B=(3,1),D=(4,0),type1)",
        node(
            Op::Indexed {
                bls: vec![3, 1],
                disps: vec![4, 0],
            },
            vec![type1()],
        ),
        Some((36, 0, 112)),
    );
    // Example 4.6: struct(B=(2,1,3), D=(0,16,26), T=(MPI_FLOAT,type1,MPI_CHAR))
    add(
        "ex4.6 struct(B=(2,1,3),D=(0,16,26),(float,type1,char))",
        strct(
            &[2, 1, 3],
            &[0, 16, 26],
            vec![leaf("MPI_FLOAT"), type1(), leaf("MPI_CHAR")],
        ),
        Some((20, 0, 32)),
    );
    add(
        "ex4.6 with MPI_Type_struct",
        strct1(
            &[2, 1, 3],
            &[0, 16, 26],
            vec![leaf("MPI_FLOAT"), type1(), leaf("MPI_CHAR")],
        ),
        Some((20, 0, 32)),
    );

    // Example 4.13: the 3-D section a(1:17:2, 3:11, 2:10) of REAL a(100,100,100)
    let oneslice = node(
        Op::Vector {
            count: 9,
            blocklength: 1,
            stride: 2,
        },
        vec![leaf("MPI_REAL")],
    );
    let twoslice = Tree::mpi1(
        Op::Hvector {
            count: 9,
            blocklength: 1,
            stride: 400,
        },
        vec![oneslice.clone()],
    );
    let threeslice = Tree::mpi1(
        Op::Hvector {
            count: 9,
            blocklength: 1,
            stride: 40000,
        },
        vec![twoslice.clone()],
    );
    add("ex4.13 oneslice", oneslice, Some((36, 0, 68)));
    add("ex4.13 twoslice", twoslice, None);
    add("ex4.13 threeslice", threeslice, Some((2916, 0, 323268)));
    // Example 4.14: the strictly lower triangle of REAL a(100,100)
    let (mut bls, mut disps) = (vec![], vec![]);
    for i in 1..=100 {
        disps.push(100 * (i - 1) + i);
        bls.push(100 - i);
    }
    add(
        "ex4.14 lower triangle",
        node(Op::Indexed { bls, disps }, vec![leaf("MPI_REAL")]),
        Some((19800, 4, 39596)),
    );
    // Example 4.15: transpose
    let row = node(
        Op::Vector {
            count: 100,
            blocklength: 1,
            stride: 100,
        },
        vec![leaf("MPI_REAL")],
    );
    add(
        "ex4.15 xpose",
        Tree::mpi1(
            Op::Hvector {
                count: 100,
                blocklength: 1,
                stride: 4,
            },
            vec![row.clone()],
        ),
        Some((40000, 0, 40000)),
    );
    // Example 4.16: a row with the extent of one real, via MPI_UB
    add(
        "ex4.16 row1",
        strct1(&[1, 1], &[0, 4], vec![row.clone(), leaf("MPI_UB")]),
        Some((400, 0, 4)),
    );
    add(
        "ex4.16 row1 via resized",
        node(Op::Resized { lb: 0, extent: 4 }, vec![row]),
        Some((400, 0, 4)),
    );
    // Example 4.17: struct Partstruct { int type; double d[6]; char b[7]; }
    let particle = || {
        strct1(
            &[1, 6, 7],
            &[0, 8, 56],
            vec![leaf("MPI_INT"), leaf("MPI_DOUBLE"), leaf("MPI_CHAR")],
        )
    };
    add("ex4.17 Particletype", particle(), Some((59, 0, 64)));
    let particle_ub = || {
        strct1(
            &[1, 6, 7, 1],
            &[0, 8, 56, 64],
            vec![
                leaf("MPI_INT"),
                leaf("MPI_DOUBLE"),
                leaf("MPI_CHAR"),
                leaf("MPI_UB"),
            ],
        )
    };
    add(
        "ex4.17 Particletype with MPI_UB",
        particle_ub(),
        Some((59, 0, 64)),
    );
    let zparticles = node(
        Op::Indexed {
            bls: vec![1, 1, 1, 1],
            disps: vec![0, 3, 4, 9],
        },
        vec![particle_ub()],
    );
    add("ex4.17 Zparticles", zparticles.clone(), Some((236, 0, 640)));
    add(
        "ex4.17 Ztype",
        strct1(&[1, 1], &[-16, 0], vec![leaf("MPI_INT"), zparticles]),
        Some((240, -16, 656)),
    );
    add(
        "ex4.17 Allpairs",
        Tree::mpi1(
            Op::Hvector {
                count: 1000,
                blocklength: 2,
                stride: 64,
            },
            vec![leaf("MPI_DOUBLE")],
        ),
        Some((16000, 0, 63952)),
    );
    add(
        "ex4.17 Onepair",
        strct1(
            &[1, 2, 1],
            &[0, 8, 64],
            vec![leaf("MPI_LB"), leaf("MPI_DOUBLE"), leaf("MPI_UB")],
        ),
        Some((16, 0, 64)),
    );
    // Example 4.19: union { int ival; float fval; }
    add(
        "ex4.19 union int",
        strct1(&[1, 1], &[0, 4], vec![leaf("MPI_INT"), leaf("MPI_UB")]),
        Some((4, 0, 4)),
    );
    add(
        "ex4.19 union float",
        strct1(&[1, 1], &[0, 4], vec![leaf("MPI_FLOAT"), leaf("MPI_UB")]),
        Some((4, 0, 4)),
    );
    // Seed 003: {(double,0),(double,16),(int,24)} has extent 32 and size 20.
    add(
        "seed003 {double@0,double@16,int@24}",
        strct(
            &[1, 1, 1],
            &[0, 16, 24],
            vec![leaf("MPI_DOUBLE"), leaf("MPI_DOUBLE"), leaf("MPI_INT")],
        ),
        Some((20, 0, 32)),
    );

    // The divergences the design names.
    add(
        "design: hvector(2,1,12,MPI_DOUBLE)",
        node(
            Op::Hvector {
                count: 2,
                blocklength: 1,
                stride: 12,
            },
            vec![leaf("MPI_DOUBLE")],
        ),
        Some((16, 0, 24)),
    );
    add(
        "design: struct{resized(double,0,4)@0, char@5}",
        strct(
            &[1, 1],
            &[0, 5],
            vec![
                node(Op::Resized { lb: 0, extent: 4 }, vec![leaf("MPI_DOUBLE")]),
                leaf("MPI_CHAR"),
            ],
        ),
        None,
    );
    add(
        "misaligned: struct{double@0, char@12}",
        strct(
            &[1, 1],
            &[0, 12],
            vec![leaf("MPI_DOUBLE"), leaf("MPI_CHAR")],
        ),
        None,
    );
    add(
        "misaligned: hindexed(bl 1,1 at 0,3, MPI_INT)",
        node(
            Op::Hindexed {
                bls: vec![1, 1],
                disps: vec![0, 3],
            },
            vec![leaf("MPI_INT")],
        ),
        None,
    );
    add(
        "misaligned: hvector(3,1,-6,MPI_FLOAT)",
        node(
            Op::Hvector {
                count: 3,
                blocklength: 1,
                stride: -6,
            },
            vec![leaf("MPI_FLOAT")],
        ),
        None,
    );
    // Empty types.
    add(
        "empty: contiguous(0,MPI_INT)",
        node(Op::Contiguous { count: 0 }, vec![leaf("MPI_INT")]),
        None,
    );
    add(
        "empty: vector(3,0,2,MPI_DOUBLE)",
        node(
            Op::Vector {
                count: 3,
                blocklength: 0,
                stride: 2,
            },
            vec![leaf("MPI_DOUBLE")],
        ),
        None,
    );
    add("empty: struct count 0", strct(&[], &[], vec![]), None);
    add(
        "empty: struct{0 x double@8}",
        strct(&[0], &[8], vec![leaf("MPI_DOUBLE")]),
        None,
    );
    add(
        "empty: hindexed{0@16,0@-8} of int",
        node(
            Op::Hindexed {
                bls: vec![0, 0],
                disps: vec![16, -8],
            },
            vec![leaf("MPI_INT")],
        ),
        None,
    );
    add(
        "empty: indexed_block(bl 0, {2,5}) of double",
        node(
            Op::IndexedBlock {
                bl: 0,
                disps: vec![2, 5],
            },
            vec![leaf("MPI_DOUBLE")],
        ),
        None,
    );
    add(
        "empty: resized(contiguous(0,int),-4,12)",
        node(
            Op::Resized { lb: -4, extent: 12 },
            vec![node(Op::Contiguous { count: 0 }, vec![leaf("MPI_INT")])],
        ),
        None,
    );
    add(
        "empty: struct{contiguous(0,int)@8, char@0}",
        strct(
            &[1, 1],
            &[8, 0],
            vec![
                node(Op::Contiguous { count: 0 }, vec![leaf("MPI_INT")]),
                leaf("MPI_CHAR"),
            ],
        ),
        None,
    );
    add(
        "empty: contiguous(2, struct{0 x double@8})",
        node(
            Op::Contiguous { count: 2 },
            vec![strct(&[0], &[8], vec![leaf("MPI_DOUBLE")])],
        ),
        None,
    );
    // Markers.
    add(
        "markers: struct{LB@-8, int@0, UB@20}",
        strct(
            &[1, 1, 1],
            &[-8, 0, 20],
            vec![leaf("MPI_LB"), leaf("MPI_INT"), leaf("MPI_UB")],
        ),
        Some((4, -8, 28)),
    );
    add(
        "markers: contiguous(2, struct{int@0, UB@6})",
        node(
            Op::Contiguous { count: 2 },
            vec![strct(
                &[1, 1],
                &[0, 6],
                vec![leaf("MPI_INT"), leaf("MPI_UB")],
            )],
        ),
        None,
    );
    // Resized with negative values.
    add(
        "resized(MPI_INT,-8,-4)",
        node(Op::Resized { lb: -8, extent: -4 }, vec![leaf("MPI_INT")]),
        Some((4, -8, -4)),
    );
    add(
        "contiguous(3, resized(MPI_INT,0,-8))",
        node(
            Op::Contiguous { count: 3 },
            vec![node(
                Op::Resized { lb: 0, extent: -8 },
                vec![leaf("MPI_INT")],
            )],
        ),
        None,
    );

    // Small reproductions of what the random oracle found (seed 0x6d70695f64747970).
    let dist =
        |gs: &[i64], ds: &[Dist], da: &[i64], ps: &[i64], rank: i64, c_order: bool| Op::Darray {
            size: ps.iter().product(),
            rank,
            gsizes: gs.to_vec(),
            distribs: ds.to_vec(),
            dargs: da.to_vec(),
            psizes: ps.to_vec(),
            c_order,
        };
    add(
        "found #181: struct{2 x SHORT_INT@0, 3 x LB@56}",
        strct(
            &[2, 3],
            &[0, 56],
            vec![leaf("MPI_SHORT_INT"), leaf("MPI_LB")],
        ),
        None,
    );
    add(
        "found #356: struct{3 x UB@4, 3 x DOUBLE@33}",
        strct(&[3, 3], &[4, 33], vec![leaf("MPI_UB"), leaf("MPI_DOUBLE")]),
        None,
    );
    add(
        "found #171: struct{LB@-5}",
        strct(&[1], &[-5], vec![leaf("MPI_LB")]),
        None,
    );
    add(
        "found #656: struct{0 x UB@4}",
        strct(&[0], &[4], vec![leaf("MPI_UB")]),
        None,
    );
    add(
        "found #94: vector(4,1,1, struct{UB@-8})",
        node(
            Op::Vector {
                count: 4,
                blocklength: 1,
                stride: 1,
            },
            vec![strct(&[1], &[-8], vec![leaf("MPI_UB")])],
        ),
        None,
    );
    add(
        "found #950: hvector(1,0,0, struct{2 x SIGNED_CHAR@-8})",
        node(
            Op::Hvector {
                count: 1,
                blocklength: 0,
                stride: 0,
            },
            vec![strct(&[2], &[-8], vec![leaf("MPI_SIGNED_CHAR")])],
        ),
        None,
    );
    add(
        "found #203: indexed_block(0,{0}, indexed_block(1,{2}, hvector(3,3,13,BYTE)))",
        node(
            Op::IndexedBlock {
                bl: 0,
                disps: vec![0],
            },
            vec![node(
                Op::IndexedBlock {
                    bl: 1,
                    disps: vec![2],
                },
                vec![node(
                    Op::Hvector {
                        count: 3,
                        blocklength: 3,
                        stride: 13,
                    },
                    vec![leaf("MPI_BYTE")],
                )],
            )],
        ),
        None,
    );
    add(
        "found #331: vector(1,0,1, contiguous(2, resized(C_DOUBLE_COMPLEX,16,12)))",
        node(
            Op::Vector {
                count: 1,
                blocklength: 0,
                stride: 1,
            },
            vec![node(
                Op::Contiguous { count: 2 },
                vec![node(
                    Op::Resized { lb: 16, extent: 12 },
                    vec![leaf("MPI_C_DOUBLE_COMPLEX")],
                )],
            )],
        ),
        None,
    );
    add(
        "found #30: subarray([4],[4],[0],F, hindexed({2,2},{16,-8}, hindexed_block(0,{40},SHORT)))",
        node(
            Op::Subarray {
                sizes: vec![4],
                subsizes: vec![4],
                starts: vec![0],
                c_order: false,
            },
            vec![node(
                Op::Hindexed {
                    bls: vec![2, 2],
                    disps: vec![16, -8],
                },
                vec![node(
                    Op::HindexedBlock {
                        bl: 0,
                        disps: vec![40],
                    },
                    vec![leaf("MPI_SHORT")],
                )],
            )],
        ),
        None,
    );
    add(
        "found #1104: contiguous(4, darray rank 3 of 6 owning nothing)",
        node(
            Op::Contiguous { count: 4 },
            vec![node(
                dist(
                    &[6, 1, 7],
                    &[Dist::Cyclic, Dist::Cyclic, Dist::Cyclic],
                    &[DFLT, 2, DFLT],
                    &[1, 2, 3],
                    3,
                    true,
                ),
                vec![leaf("MPI_INT32_T")],
            )],
        ),
        None,
    );
    add(
        "found #1133: darray([4,7,5], block(5), block(7), cyclic) of struct{2 x CHAR@-17}",
        node(
            dist(
                &[4, 7, 5],
                &[Dist::Block, Dist::Block, Dist::Cyclic],
                &[5, 7, DFLT],
                &[1, 1, 1],
                0,
                false,
            ),
            vec![strct(&[2], &[-17], vec![leaf("MPI_CHAR")])],
        ),
        None,
    );
    // The bounds of a member are its old type's lb and ub, padding included.
    add(
        "padding: struct{type1@72, char@-20}",
        strct(&[1, 1], &[72, -20], vec![type1(), leaf("MPI_CHAR")]),
        Some((10, -20, 112)),
    );
    add(
        "padding: struct{DOUBLE_INT@72, char@-20}",
        strct(
            &[1, 1],
            &[72, -20],
            vec![leaf("MPI_DOUBLE_INT"), leaf("MPI_CHAR")],
        ),
        Some((13, -20, 112)),
    );
    v
}
