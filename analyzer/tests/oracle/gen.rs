//! Random constructor trees: every constructor, small counts, negative strides and
//! displacements, zero counts, mixed struct members, resized types inside structs, darrays over
//! several ranks of a process grid (including ranks that own nothing).

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::tree::{Binding, Dist, Op, Tree, DFLT};

/// Leaves: C basic types and the pair types.
pub const LEAVES: &[&str] = &[
    "MPI_CHAR",
    "MPI_SIGNED_CHAR",
    "MPI_UNSIGNED_CHAR",
    "MPI_BYTE",
    "MPI_SHORT",
    "MPI_UNSIGNED_SHORT",
    "MPI_INT",
    "MPI_UNSIGNED",
    "MPI_LONG",
    "MPI_UNSIGNED_LONG",
    "MPI_LONG_LONG_INT",
    "MPI_FLOAT",
    "MPI_DOUBLE",
    "MPI_LONG_DOUBLE",
    "MPI_WCHAR",
    "MPI_C_BOOL",
    "MPI_INT8_T",
    "MPI_INT16_T",
    "MPI_INT32_T",
    "MPI_INT64_T",
    "MPI_UINT16_T",
    "MPI_UINT64_T",
    "MPI_C_FLOAT_COMPLEX",
    "MPI_C_DOUBLE_COMPLEX",
    "MPI_AINT",
    "MPI_DOUBLE_INT",
    "MPI_FLOAT_INT",
    "MPI_LONG_INT",
    "MPI_SHORT_INT",
    "MPI_2INT",
    "MPI_LONG_DOUBLE_INT",
];

/// Leaves drawn more often: the ones whose alignment differs from their size or that are
/// small, which exercise padding.
const COMMON: &[&str] = &[
    "MPI_CHAR",
    "MPI_INT",
    "MPI_DOUBLE",
    "MPI_SHORT",
    "MPI_DOUBLE_INT",
    "MPI_FLOAT_INT",
    "MPI_SHORT_INT",
];

pub struct Gen {
    pub rng: ChaCha8Rng,
    /// Allow MPI_LB / MPI_UB members and the MPI-1 bindings.
    pub mpi1: bool,
}

impl Gen {
    fn leaf(&mut self) -> Tree {
        if self.rng.gen_bool(0.5) {
            Tree::Leaf(COMMON.choose(&mut self.rng).unwrap())
        } else {
            Tree::Leaf(LEAVES.choose(&mut self.rng).unwrap())
        }
    }

    fn count(&mut self) -> i64 {
        // 0..4, zero a little less often than the rest
        *[0, 1, 1, 2, 2, 3, 3, 4].choose(&mut self.rng).unwrap()
    }

    fn bl(&mut self) -> i64 {
        *[0, 1, 1, 2, 2, 3].choose(&mut self.rng).unwrap()
    }

    fn bytes(&mut self) -> i64 {
        // byte displacements: mostly aligned, some odd, some negative
        match self.rng.gen_range(0..4) {
            0 => self.rng.gen_range(-40..=40),
            1 => self.rng.gen_range(-6..=8) * 4,
            _ => self.rng.gen_range(-4..=8) * 8,
        }
    }

    fn vec_of(&mut self, n: usize, f: impl Fn(&mut Self) -> i64) -> Vec<i64> {
        (0..n).map(|_| f(self)).collect()
    }

    fn binding(&mut self) -> Binding {
        if self.mpi1 && self.rng.gen_bool(0.15) {
            Binding::Mpi1
        } else {
            Binding::Standard
        }
    }

    /// A tree of depth at most `depth`.
    pub fn tree(&mut self, depth: usize) -> Tree {
        if depth == 0 || self.rng.gen_bool(0.12) {
            return self.leaf();
        }
        let kind = self.rng.gen_range(0..14);
        let d = depth - 1;
        match kind {
            0 => {
                let count = self.count();
                Tree::node(Op::Contiguous { count }, vec![self.tree(d)])
            }
            1 => {
                let (count, blocklength) = (self.count(), self.bl());
                let stride = self.rng.gen_range(-4..=5);
                Tree::node(
                    Op::Vector {
                        count,
                        blocklength,
                        stride,
                    },
                    vec![self.tree(d)],
                )
            }
            2 => {
                let (count, blocklength) = (self.count(), self.bl());
                let stride = self.bytes();
                let b = self.binding();
                Tree::Node {
                    op: Op::Hvector {
                        count,
                        blocklength,
                        stride,
                    },
                    binding: b,
                    kids: vec![self.tree(d)],
                }
            }
            3 => {
                let n = self.count() as usize;
                let bls = self.vec_of(n, Self::bl);
                let disps = self.vec_of(n, |g| g.rng.gen_range(-4..=6));
                Tree::node(Op::Indexed { bls, disps }, vec![self.tree(d)])
            }
            4 => {
                let n = self.count() as usize;
                let bls = self.vec_of(n, Self::bl);
                let disps = self.vec_of(n, Self::bytes);
                let b = self.binding();
                Tree::Node {
                    op: Op::Hindexed { bls, disps },
                    binding: b,
                    kids: vec![self.tree(d)],
                }
            }
            5 => {
                let n = self.count() as usize;
                let bl = self.bl();
                let disps = self.vec_of(n, |g| g.rng.gen_range(-4..=6));
                Tree::node(Op::IndexedBlock { bl, disps }, vec![self.tree(d)])
            }
            6 => {
                let n = self.count() as usize;
                let bl = self.bl();
                let disps = self.vec_of(n, Self::bytes);
                Tree::node(Op::HindexedBlock { bl, disps }, vec![self.tree(d)])
            }
            7 | 8 => self.structure(d),
            9 => self.subarray(d),
            10 => self.darray(d),
            11 | 12 => {
                let lb = if self.rng.gen_bool(0.7) {
                    self.rng.gen_range(-16..=16)
                } else {
                    self.bytes()
                };
                let extent = match self.rng.gen_range(0..6) {
                    0 => self.rng.gen_range(-16..=0),
                    1 => self.rng.gen_range(1..=7),
                    _ => self.rng.gen_range(1..=12) * 4,
                };
                Tree::node(Op::Resized { lb, extent }, vec![self.tree(d)])
            }
            _ => Tree::node(Op::Dup, vec![self.tree(d)]),
        }
    }

    fn structure(&mut self, d: usize) -> Tree {
        let n = self.count() as usize;
        let bls = self.vec_of(n, Self::bl);
        let disps = self.vec_of(n, Self::bytes);
        let mut kids = Vec::with_capacity(n);
        for _ in 0..n {
            let r = self.rng.gen_range(0..10);
            kids.push(if self.mpi1 && r == 0 {
                Tree::Leaf(if self.rng.gen_bool(0.5) {
                    "MPI_LB"
                } else {
                    "MPI_UB"
                })
            } else if r <= 2 {
                // resized inside a struct
                let lb = self.rng.gen_range(-8..=8);
                let extent = self.rng.gen_range(-4..=24);
                Tree::node(
                    Op::Resized { lb, extent },
                    vec![self.tree(d.saturating_sub(1))],
                )
            } else {
                self.tree(d)
            });
        }
        let b = self.binding();
        Tree::Node {
            op: Op::Struct { bls, disps },
            binding: b,
            kids,
        }
    }

    fn subarray(&mut self, d: usize) -> Tree {
        let nd = self.rng.gen_range(1..=3);
        let mut sizes = vec![];
        let mut subsizes = vec![];
        let mut starts = vec![];
        for _ in 0..nd {
            let s = self.rng.gen_range(1..=5);
            let sub = if self.rng.gen_bool(0.05) {
                0
            } else {
                self.rng.gen_range(1..=s)
            };
            let st = self.rng.gen_range(0..=s - sub.max(1));
            sizes.push(s);
            subsizes.push(sub);
            starts.push(st);
        }
        let c_order = self.rng.gen_bool(0.5);
        Tree::node(
            Op::Subarray {
                sizes,
                subsizes,
                starts,
                c_order,
            },
            vec![self.tree(d)],
        )
    }

    fn darray(&mut self, d: usize) -> Tree {
        let nd = self.rng.gen_range(1..=3);
        let mut gsizes = vec![];
        let mut distribs = vec![];
        let mut dargs = vec![];
        let mut psizes = vec![];
        for _ in 0..nd {
            let g = self.rng.gen_range(1..=7);
            let (dist, darg, p) = match self.rng.gen_range(0..5) {
                0 => (Dist::None, DFLT, 1),
                1 => (Dist::Block, DFLT, self.rng.gen_range(1..=3)),
                2 => {
                    let p = self.rng.gen_range(1..=3);
                    // a block size that covers the dimension, sometimes with slack
                    let k = (g + p - 1) / p + self.rng.gen_range(0..=1);
                    (Dist::Block, k, p)
                }
                3 => (Dist::Cyclic, DFLT, self.rng.gen_range(1..=3)),
                _ => (
                    Dist::Cyclic,
                    self.rng.gen_range(1..=3),
                    self.rng.gen_range(1..=3),
                ),
            };
            gsizes.push(g);
            distribs.push(dist);
            dargs.push(darg);
            psizes.push(p);
        }
        let size: i64 = psizes.iter().product();
        // the last rank, rank 0, or any: the last ranks of a block distribution often own nothing
        let rank = match self.rng.gen_range(0..3) {
            0 => 0,
            1 => size - 1,
            _ => self.rng.gen_range(0..size),
        };
        let c_order = self.rng.gen_bool(0.5);
        Tree::node(
            Op::Darray {
                size,
                rank,
                gsizes,
                distribs,
                dargs,
                psizes,
                c_order,
            },
            vec![self.tree(d)],
        )
    }
}
