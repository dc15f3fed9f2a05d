//! The datatype tree and its per-model summaries.

use std::sync::Arc;

use super::predefined::{Marker, Predefined};
use super::{Api, Constructor, MpiModel};

/// A datatype: a shared, immutable constructor tree. Cloning is cheap.
#[derive(Clone)]
pub struct Datatype(pub(crate) Arc<Node>);

pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) label: Label,
    /// One summary per [`MpiModel`], indexed by [`MpiModel::index`].
    pub(crate) summaries: [Summary; 3],
    /// Number of basic entries in the typemap (markers excluded).
    pub(crate) entries: u128,
    /// `Some(t)` when every entry of the typemap has basic type `t`.
    pub(crate) uniform: Option<Predefined>,
    /// Number of constructor nodes in the tree, counting shared subtrees once per use.
    pub(crate) nodes: u64,
}

/// What a node means, in a small kernel of constructors that every MPI constructor lowers to.
pub(crate) enum Kind {
    /// One entry of a basic type at displacement 0.
    Basic(Predefined),
    /// A predefined pair type: two entries.
    Pair {
        first: Datatype,
        second: Datatype,
        second_offset: i128,
    },
    /// An MPI-1 bound marker at displacement 0.
    Marker(Marker),
    /// Copies of `old` at `i * stride + j * extent(old)` for `i < count`, `j < blocklength`;
    /// the stride is in bytes or in multiples of the old extent.
    Vector {
        count: i128,
        blocklength: i128,
        stride: i128,
        unit: Unit,
        old: Datatype,
        /// `MPI_Type_contiguous` (the libraries treat it apart from a vector of one block).
        contiguous: bool,
    },
    /// Copies of `old` at `disp_k + j * extent(old)` for each block `k` and `j < blocklength_k`.
    Indexed {
        blocks: Arc<[(i128, i128)]>,
        unit: Unit,
        old: Datatype,
        /// Every block has the same length by construction (`indexed_block`, `hindexed_block`).
        same_length: bool,
        /// Entries before each block, for random access into the typemap.
        entries_before: Arc<[u128]>,
    },
    /// Blocks of different old types at displacements (bytes, or extents of another type).
    Struct {
        blocks: Arc<[StructBlock]>,
        unit: Unit,
        entries_before: Arc<[u128]>,
    },
    /// `old` with its bounds replaced.
    Resized {
        lb: i128,
        extent: i128,
        unit: Unit,
        old: Datatype,
    },
    /// A copy of `old` (`MPI_Type_dup`, and the f90 parameterised types).
    Dup(Datatype),
}

#[derive(Clone)]
pub(crate) struct StructBlock {
    pub(crate) blocklength: i128,
    pub(crate) displacement: i128,
    pub(crate) old: Datatype,
}

/// The unit of a stride, displacement or bound. Lowered constructors (subarray, darray) measure
/// in extents of the type they were called with, which differ between MPI models, so the unit
/// is resolved per model.
#[derive(Clone)]
pub(crate) enum Unit {
    Bytes,
    /// Multiples of the extent of the node's old type.
    Extents,
    /// Multiples of the extent of another type.
    ExtentsOf(Datatype),
}

/// How the node came to be, for descriptions.
pub(crate) enum Label {
    Predefined(Predefined),
    /// A call whose node is the kernel itself.
    Call(Api, Box<Constructor>),
    /// A call lowered to a subtree (subarray, darray, f90 types): the description shows the call.
    Lowered {
        api: Api,
        ctor: Box<Constructor>,
        old: Option<Datatype>,
    },
    /// A node made by a lowering; described by its kind.
    Internal,
}

/// What MPI reports about a datatype, under one model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Sum of the sizes of the basic entries (bytes).
    pub size: i128,
    pub lb: i128,
    pub ub: i128,
    pub true_lb: i128,
    pub true_ub: i128,
    /// The alignment the padding ("epsilon") rounds the extent to.
    pub align: i128,
    /// Explicit bounds set by markers or `MPI_Type_create_resized`, which later constructors
    /// carry along (the standard's sticky markers; Open MPI's user bounds).
    pub(crate) explicit_lb: Option<i128>,
    pub(crate) explicit_ub: Option<i128>,
    /// The span of the basic entries, `None` when the typemap has none.
    pub(crate) data: Option<(i128, i128)>,
    /// The span of all entries, markers included (markers count as zero-size entries in the
    /// standard's definition of the natural bounds).
    pub(crate) span: Option<(i128, i128)>,
}

impl Summary {
    /// `ub - lb` in `MPI_Aint` arithmetic (Open MPI's sentinel bounds wrap; see `true_extent`).
    pub fn extent(&self) -> i128 {
        aint_difference(self.ub, self.lb)
    }

    /// One of the [`SUMMARY_FIELDS`] by name.
    pub fn field(&self, field: &str) -> Option<i128> {
        super::PartialSummary::of(self).field(field)
    }

    /// `true_ub - true_lb` in `MPI_Aint` arithmetic: Open MPI reports a type whose adds were
    /// all empty with true lb `LONG_MAX` and true ub `LONG_MIN`, whose difference wraps to 1.
    pub fn true_extent(&self) -> i128 {
        aint_difference(self.true_ub, self.true_lb)
    }

    /// True when the type carries explicit bounds (resized, or MPI_LB/MPI_UB markers).
    pub fn has_explicit_bounds(&self) -> bool {
        self.explicit_lb.is_some() || self.explicit_ub.is_some()
    }
}

/// `a - b` as MPI computes it in `MPI_Aint` (`ptrdiff_t`) arithmetic: Open MPI's sentinel
/// bounds wrap.
pub(crate) fn aint_difference(a: i128, b: i128) -> i128 {
    i128::from((a as i64).wrapping_sub(b as i64))
}

/// The values of [`Summary`] a user sees; the fields MPI implementations may disagree on are
/// named by [`Datatype::implementation_dependent`].
pub(crate) const SUMMARY_FIELDS: [&str; 6] =
    ["size", "lb", "ub", "extent", "true_lb", "true_extent"];

impl Datatype {
    pub(crate) fn from_node(node: Node) -> Datatype {
        Datatype(Arc::new(node))
    }

    /// The summary under one MPI model.
    pub fn summary(&self, model: MpiModel) -> &Summary {
        &self.0.summaries[model.index()]
    }

    pub fn size(&self) -> i128 {
        self.0.summaries[0].size
    }

    /// The number of basic entries in the typemap.
    pub fn entry_count(&self) -> u128 {
        self.0.entries
    }

    /// The predefined handle, when this is one.
    pub fn predefined(&self) -> Option<Predefined> {
        match self.0.label {
            Label::Predefined(p) => Some(p),
            _ => None,
        }
    }

    /// `Some(t)` when every entry of the signature is the basic type `t`.
    pub(crate) fn uniform_basic(&self) -> Option<Predefined> {
        self.0.uniform
    }

    /// Number of constructor nodes (the cost of every summary query is proportional to this).
    pub fn node_count(&self) -> u64 {
        self.0.nodes
    }

    /// The summary fields whose values differ between the standard, MPICH and Open MPI.
    pub fn implementation_dependent(&self) -> Vec<&'static str> {
        super::Partial::of(self).implementation_dependent()
    }

    pub(crate) fn kind(&self) -> &Kind {
        &self.0.kind
    }

    /// The blocks of a struct with byte displacements: (block length, displacement, old type).
    pub(crate) fn struct_blocks(&self) -> Option<Vec<(i128, i128, Datatype)>> {
        match self.kind() {
            Kind::Struct {
                blocks,
                unit: Unit::Bytes,
                ..
            } => Some(
                blocks
                    .iter()
                    .map(|b| (b.blocklength, b.displacement, b.old.clone()))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Whether this is a struct with a block of a bound marker.
    pub(crate) fn has_marker_block(&self) -> bool {
        match self.kind() {
            Kind::Struct { blocks, .. } => blocks.iter().any(|b| b.old.marker().is_some()),
            _ => false,
        }
    }

    /// The bound marker this is (`MPI_LB`, `MPI_UB`).
    pub(crate) fn marker(&self) -> Option<Marker> {
        match self.kind() {
            Kind::Marker(m) => Some(*m),
            _ => None,
        }
    }
}

impl std::fmt::Debug for Datatype {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Datatype({})", self.describe())
    }
}

impl Datatype {
    /// True when both describe the same datatype: the same constructor tree, with the same
    /// arguments, down to the predefined types (shared subtrees compare in O(1)).
    pub fn same_as(&self, other: &Datatype) -> bool {
        if Arc::ptr_eq(&self.0, &other.0) {
            return true;
        }
        if self.0.summaries != other.0.summaries || self.0.entries != other.0.entries {
            return false;
        }
        let same_unit = |a: &Unit, b: &Unit| match (a, b) {
            (Unit::Bytes, Unit::Bytes) | (Unit::Extents, Unit::Extents) => true,
            (Unit::ExtentsOf(x), Unit::ExtentsOf(y)) => x.same_as(y),
            _ => false,
        };
        match (&self.0.kind, &other.0.kind) {
            (Kind::Basic(a), Kind::Basic(b)) => a == b,
            (Kind::Marker(a), Kind::Marker(b)) => a == b,
            (
                Kind::Pair {
                    first: a1,
                    second: a2,
                    second_offset: ao,
                },
                Kind::Pair {
                    first: b1,
                    second: b2,
                    second_offset: bo,
                },
            ) => ao == bo && a1.same_as(b1) && a2.same_as(b2),
            (
                Kind::Vector {
                    count: c1,
                    blocklength: l1,
                    stride: s1,
                    unit: u1,
                    old: o1,
                    contiguous: k1,
                },
                Kind::Vector {
                    count: c2,
                    blocklength: l2,
                    stride: s2,
                    unit: u2,
                    old: o2,
                    contiguous: k2,
                },
            ) => {
                c1 == c2 && l1 == l2 && s1 == s2 && k1 == k2 && same_unit(u1, u2) && o1.same_as(o2)
            }
            (
                Kind::Indexed {
                    blocks: b1,
                    unit: u1,
                    old: o1,
                    same_length: s1,
                    ..
                },
                Kind::Indexed {
                    blocks: b2,
                    unit: u2,
                    old: o2,
                    same_length: s2,
                    ..
                },
            ) => b1 == b2 && s1 == s2 && same_unit(u1, u2) && o1.same_as(o2),
            (
                Kind::Struct {
                    blocks: b1,
                    unit: u1,
                    ..
                },
                Kind::Struct {
                    blocks: b2,
                    unit: u2,
                    ..
                },
            ) => {
                same_unit(u1, u2)
                    && b1.len() == b2.len()
                    && b1.iter().zip(b2.iter()).all(|(x, y)| {
                        x.blocklength == y.blocklength
                            && x.displacement == y.displacement
                            && x.old.same_as(&y.old)
                    })
            }
            (
                Kind::Resized {
                    lb: l1,
                    extent: e1,
                    unit: u1,
                    old: o1,
                },
                Kind::Resized {
                    lb: l2,
                    extent: e2,
                    unit: u2,
                    old: o2,
                },
            ) => l1 == l2 && e1 == e2 && same_unit(u1, u2) && o1.same_as(o2),
            (Kind::Dup(a), Kind::Dup(b)) => a.same_as(b),
            _ => false,
        }
    }
}
