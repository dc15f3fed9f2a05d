//! From oracle trees to engine calls, and from engine datatypes to the values the C programs
//! print.

use analyzer::dtype::{
    Api, Constructor, Datatype, Distribution, DtypeError, Engine, MpiModel, Order, Predefined,
    DFLT_DARG,
};

use super::tree::{Binding, Dist, Op, Tree, DFLT};

fn v(x: &[i64]) -> Vec<i128> {
    x.iter().map(|&a| a as i128).collect()
}

fn order(c: bool) -> Order {
    if c {
        Order::C
    } else {
        Order::Fortran
    }
}

/// The engine's constructor for one oracle node.
pub fn constructor(op: &Op) -> Constructor {
    match op {
        Op::Contiguous { count } => Constructor::Contiguous {
            count: *count as i128,
        },
        Op::Vector {
            count,
            blocklength,
            stride,
        } => Constructor::Vector {
            count: *count as i128,
            blocklength: *blocklength as i128,
            stride: *stride as i128,
        },
        Op::Hvector {
            count,
            blocklength,
            stride,
        } => Constructor::Hvector {
            count: *count as i128,
            blocklength: *blocklength as i128,
            stride: *stride as i128,
        },
        Op::Indexed { bls, disps } => Constructor::Indexed {
            blocklengths: v(bls),
            displacements: v(disps),
        },
        Op::Hindexed { bls, disps } => Constructor::Hindexed {
            blocklengths: v(bls),
            displacements: v(disps),
        },
        Op::IndexedBlock { bl, disps } => Constructor::IndexedBlock {
            blocklength: *bl as i128,
            displacements: v(disps),
        },
        Op::HindexedBlock { bl, disps } => Constructor::HindexedBlock {
            blocklength: *bl as i128,
            displacements: v(disps),
        },
        Op::Struct { bls, disps } => Constructor::Struct {
            blocklengths: v(bls),
            displacements: v(disps),
        },
        Op::Subarray {
            sizes,
            subsizes,
            starts,
            c_order,
        } => Constructor::Subarray {
            sizes: v(sizes),
            subsizes: v(subsizes),
            starts: v(starts),
            order: order(*c_order),
        },
        Op::Darray {
            size,
            rank,
            gsizes,
            distribs,
            dargs,
            psizes,
            c_order,
        } => Constructor::Darray {
            size: *size as i128,
            rank: *rank as i128,
            gsizes: v(gsizes),
            distribs: distribs
                .iter()
                .map(|d| match d {
                    Dist::Block => Distribution::Block,
                    Dist::Cyclic => Distribution::Cyclic,
                    Dist::None => Distribution::None,
                })
                .collect(),
            dargs: dargs
                .iter()
                .map(|&d| if d == DFLT { DFLT_DARG } else { d as i128 })
                .collect(),
            psizes: v(psizes),
            order: order(*c_order),
        },
        Op::Resized { lb, extent } => Constructor::Resized {
            lb: *lb as i128,
            extent: *extent as i128,
        },
        Op::Dup => Constructor::Dup,
    }
}

/// Builds `tree` with the engine, as the C program does.
pub fn build(engine: &Engine, tree: &Tree) -> Result<Datatype, DtypeError> {
    match tree {
        Tree::Leaf(name) => {
            let p = Predefined::from_name(name).unwrap_or_else(|| {
                panic!("oracle leaf {name} is not a predefined type of the engine")
            });
            engine.predefined(p)
        }
        Tree::Node { op, binding, kids } => {
            let olds = kids
                .iter()
                .map(|k| build(engine, k))
                .collect::<Result<Vec<_>, _>>()?;
            let api = match binding {
                Binding::Standard => Api::Standard,
                Binding::Mpi1 => Api::Mpi1,
            };
            engine.construct(&constructor(op), api, &olds)
        }
    }
}

/// The summary values the C program prints, in its order.
pub const FIELDS: [&str; 5] = ["size", "lb", "extent", "true_lb", "true_extent"];

pub fn values(dt: &Datatype, model: MpiModel) -> [i128; 5] {
    let s = dt.summary(model);
    [s.size, s.lb, s.extent(), s.true_lb, s.true_extent()]
}

/// The bytes MPI_Pack would read, in pack order, as source displacements; `None` when the
/// typemap walk ran out of budget.
pub fn packed_bytes(dt: &Datatype, model: MpiModel, budget: u64) -> Option<Vec<i128>> {
    let mut walk = dt.typemap(model).with_budget(budget);
    let mut out = Vec::new();
    for e in walk.by_ref() {
        out.extend(e.disp..e.disp + e.size);
    }
    (!walk.over_budget()).then_some(out)
}

/// Largest magnitude of the values a type reports under any model (the generator keeps this
/// small so packing stays cheap).
pub fn magnitude(dt: &Datatype) -> i128 {
    MpiModel::ALL
        .iter()
        .flat_map(|&m| {
            let s = dt.summary(m);
            // Nothing is packed for a type without data, and its bounds may be Open MPI's
            // sentinels (LONG_MAX / LONG_MIN): it costs nothing whatever they are.
            if s.size == 0 {
                return [0; 7];
            }
            [
                s.size,
                s.lb,
                s.ub,
                s.extent(),
                s.true_lb,
                s.true_ub,
                s.true_extent(),
            ]
        })
        .map(|x| x.abs())
        .max()
        .unwrap_or(0)
}
