//! The MPI datatype engine.
//!
//! A datatype is a tree of constructor nodes. Each node carries a summary (size, bounds, true
//! bounds, alignment, entry count) for every MPI model, computed from its children's summaries
//! when the node is built, so building and summarising cost O(nodes), never O(typemap). The
//! typemap and the signature are produced lazily by walks with a work budget.

mod construct;
mod describe;
mod error;
mod f90;
mod node;
mod partial;
pub mod predefined;
mod signature;
mod summary;
mod typemap;

use crate::layout::Target;

pub use error::{DtypeError, IntKind};
pub use node::{Datatype, Summary};
pub use partial::{Partial, PartialSummary};
pub use predefined::Predefined;
pub(crate) use predefined::{Marker, Repr};
pub use signature::{compare_signatures, SignatureComparison, SignatureRun, SignatureRuns};
pub(crate) use typemap::DEFAULT_BUDGET;
pub use typemap::{Block, Entry, Typemap};

/// Whose arithmetic the engine reproduces.
///
/// The standard's definitions are the default; MPICH and Open MPI differ from them (and from each
/// other) in corners such as the alignment padding of misaligned types and the bounds of empty
/// types, and a user's numbers depend on their library.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MpiModel {
    #[default]
    Standard,
    Mpich,
    OpenMpi,
}

impl MpiModel {
    pub const ALL: [MpiModel; 3] = [MpiModel::Standard, MpiModel::Mpich, MpiModel::OpenMpi];

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            MpiModel::Standard => "standard",
            MpiModel::Mpich => "mpich",
            MpiModel::OpenMpi => "openmpi",
        }
    }
}

impl std::str::FromStr for MpiModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MpiModel::ALL
            .into_iter()
            .find(|m| {
                m.name().eq_ignore_ascii_case(s) || (s == "open-mpi" && *m == MpiModel::OpenMpi)
            })
            .ok_or_else(|| format!("unknown MPI model `{s}` (expected standard, mpich or openmpi)"))
    }
}

impl std::fmt::Display for MpiModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Array storage order for subarray and darray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    C,
    Fortran,
}

/// How a darray dimension is distributed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distribution {
    Block,
    Cyclic,
    None,
}

/// The `MPI_DISTRIBUTE_DFLT_DARG` value of darray's `array_of_dargs`.
pub const DFLT_DARG: i128 = -49767;

/// Which binding of a constructor was called: it decides the integer types of the arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Api {
    /// The current binding: `int` counts, `MPI_Aint` byte displacements.
    #[default]
    Standard,
    /// The MPI-1 functions removed in MPI-3.0 (`MPI_Type_hvector`, `MPI_Type_hindexed`,
    /// `MPI_Type_struct`).
    Mpi1,
    /// The MPI-4 large-count `_c` functions: every count and displacement is an `MPI_Count`.
    LargeCount,
}

/// A constructor call's arguments, as MPI receives them. Array arguments carry exactly `count`
/// elements; the old types are passed beside this (one for every constructor but struct, which
/// takes one per block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constructor {
    Contiguous {
        count: i128,
    },
    /// Stride in multiples of the old type's extent.
    Vector {
        count: i128,
        blocklength: i128,
        stride: i128,
    },
    /// Stride in bytes.
    Hvector {
        count: i128,
        blocklength: i128,
        stride: i128,
    },
    Indexed {
        blocklengths: Vec<i128>,
        displacements: Vec<i128>,
    },
    Hindexed {
        blocklengths: Vec<i128>,
        displacements: Vec<i128>,
    },
    IndexedBlock {
        blocklength: i128,
        displacements: Vec<i128>,
    },
    HindexedBlock {
        blocklength: i128,
        displacements: Vec<i128>,
    },
    Struct {
        blocklengths: Vec<i128>,
        displacements: Vec<i128>,
    },
    Subarray {
        sizes: Vec<i128>,
        subsizes: Vec<i128>,
        starts: Vec<i128>,
        order: Order,
    },
    Darray {
        size: i128,
        rank: i128,
        gsizes: Vec<i128>,
        distribs: Vec<Distribution>,
        dargs: Vec<i128>,
        psizes: Vec<i128>,
        order: Order,
    },
    Resized {
        lb: i128,
        extent: i128,
    },
    Dup,
    F90Real {
        precision: Option<i128>,
        range: Option<i128>,
    },
    F90Complex {
        precision: Option<i128>,
        range: Option<i128>,
    },
    F90Integer {
        range: i128,
    },
}

impl Constructor {
    /// How many old types the call takes.
    pub fn old_type_count(&self) -> usize {
        match self {
            Constructor::Struct { blocklengths, .. } => blocklengths.len(),
            Constructor::F90Real { .. }
            | Constructor::F90Complex { .. }
            | Constructor::F90Integer { .. } => 0,
            _ => 1,
        }
    }
}

/// The arguments a partial summary reads, of a constructor call some of whose other arguments
/// (displacements, strides, starts, the old type's bounds) are not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartialCall {
    /// `count` blocks of `blocklength` copies of the old type: contiguous (one block), the
    /// vectors, and the `_block` indexed types.
    Blocks {
        count: i128,
        blocklength: i128,
    },
    /// Indexed, hindexed, and struct (one old type per block).
    Lengths {
        blocklengths: Vec<i128>,
    },
    /// A subarray whose starts are not known.
    Subarray {
        sizes: Option<Vec<i128>>,
        subsizes: Vec<i128>,
    },
    Resized {
        lb: Option<i128>,
        extent: Option<i128>,
    },
    Dup,
}

/// Builds datatypes for one target ABI.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine {
    pub target: Target,
}

impl Engine {
    pub fn new(target: Target) -> Self {
        Engine { target }
    }

    /// The datatype behind a predefined handle.
    pub fn predefined(&self, p: Predefined) -> Result<Datatype, DtypeError> {
        construct::predefined(self.target, p)
    }

    /// Evaluates one constructor call, as MPI would.
    pub fn construct(
        &self,
        ctor: &Constructor,
        api: Api,
        old_types: &[Datatype],
    ) -> Result<Datatype, DtypeError> {
        construct::construct(self.target, ctor, api, old_types)
    }

    /// What MPI fixes of a call's datatype when only `call`'s arguments are known, and of the
    /// old types what `old_types` says (`None`: nothing); `None` when nothing is fixed.
    pub fn partial(
        &self,
        call: &PartialCall,
        api: Api,
        old_types: &[Option<Partial>],
    ) -> Option<Partial> {
        construct::partial(self.target, call, api, old_types)
    }
}
