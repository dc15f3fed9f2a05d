//! The MPI catalog: every MPI routine the analysis models, once, with its parameters (names and
//! roles) and its effect. The front ends place Fortran keyword arguments with it, the evaluator
//! dispatches on it, and the rules read roles and removals from it.

use crate::dtype::Api;

/// What a parameter is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// An integer (a count, block length, stride, rank, size, precision ...).
    Int,
    /// An `MPI_Aint` (byte displacement, stride, lower bound, extent).
    Aint,
    /// An array of integers, `MPI_Aint`s or datatypes whose length is the call's first argument
    /// (`ndims` for subarray and darray, which is the third argument of darray).
    IntArray,
    AintArray,
    DatatypeArray,
    /// `MPI_ORDER_C` / `MPI_ORDER_FORTRAN`; darray's distributions.
    Order,
    DistribArray,
    /// A datatype read by the call (old type, query argument).
    TypeIn,
    /// A datatype that describes a buffer: communication, packing and I/O need it committed.
    MessageType,
    /// The handle a constructor writes.
    NewType,
    /// A datatype the call commits or frees in place.
    CommitType,
    FreeType,
    /// A message buffer; its count and datatype follow.
    Buf,
    /// The number of elements of the buffer's datatype.
    Count,
    /// A location whose address is taken (`MPI_Get_address`).
    Location,
    /// Outputs.
    OutInt,
    OutAint,
    /// Anything else (communicator, tag, status, request, op, info, ierror).
    Other,
}

/// What the evaluator does with a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Construct(ConstructorKind),
    Commit,
    Free,
    Size,
    Extent {
        true_extent: bool,
    },
    /// MPI-1 `MPI_Type_extent` / `_lb` / `_ub`.
    Mpi1Bound(Mpi1Bound),
    GetAddress,
    /// Fortran `MPI_SIZEOF(x, size)`: the size of `x`'s type.
    Sizeof,
    AintAdd,
    AintDiff,
    /// Communication, packing, I/O: uses datatypes, changes nothing the evaluator tracks.
    Use,
    /// Queries that need no commit and change nothing.
    Query,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mpi1Bound {
    Extent,
    Lb,
    Ub,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstructorKind {
    Contiguous,
    Vector,
    Hvector,
    Indexed,
    Hindexed,
    IndexedBlock,
    HindexedBlock,
    Struct,
    Subarray,
    Darray,
    Resized,
    Dup,
    F90Real,
    F90Complex,
    F90Integer,
}

/// One MPI function.
#[derive(Debug, PartialEq, Eq)]
pub struct MpiFunction {
    /// The C name.
    pub name: &'static str,
    /// The C parameters in order (Fortran adds a trailing `ierror`).
    pub params: &'static [Param],
    pub effect: Effect,
    /// Set when MPI-3.0 removed the function.
    pub removed: Option<Removal>,
}

/// One parameter: its name as the standard spells it (Fortran keyword arguments use it) and
/// its role.
#[derive(Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub role: Role,
}

/// What replaces a function MPI-3.0 removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    pub replacement: &'static str,
    /// The replacement takes the same arguments in C (a rename is the whole migration).
    pub same_arguments: bool,
}

impl MpiFunction {
    /// The binding of the API the name selects.
    pub fn api(&self) -> Api {
        if self.removed.is_some() {
            Api::Mpi1
        } else if self.name.ends_with("_c") {
            Api::LargeCount
        } else {
            Api::Standard
        }
    }

    /// Looks a function up by name, C or Fortran spelling, with or without the `P` prefix.
    pub fn find(name: &str) -> Option<&'static MpiFunction> {
        let name = name
            .strip_prefix('P')
            .or_else(|| name.strip_prefix('p'))
            .filter(|n| crate::ir::is_mpi_name(n))
            .unwrap_or(name);
        MPI_FUNCTIONS
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name))
    }

    /// The role of parameter `index`.
    pub fn role(&self, index: usize) -> Option<Role> {
        self.params.get(index).map(|p| p.role)
    }

    /// The roles of the parameters in order.
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        self.params.iter().map(|p| p.role)
    }

    /// The position of the parameter a keyword argument names.
    pub fn position(&self, keyword: &str) -> Option<usize> {
        self.params
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(keyword))
    }
}

use ConstructorKind as K;
use Role::*;

const fn f(name: &'static str, params: &'static [Param], effect: Effect) -> MpiFunction {
    MpiFunction {
        name,
        params,
        effect,
        removed: None,
    }
}

const fn removed(
    name: &'static str,
    params: &'static [Param],
    effect: Effect,
    replacement: &'static str,
    same_arguments: bool,
) -> MpiFunction {
    MpiFunction {
        name,
        params,
        effect,
        removed: Some(Removal {
            replacement,
            same_arguments,
        }),
    }
}

const fn p(name: &'static str, role: Role) -> Param {
    Param { name, role }
}

const CONTIGUOUS: &[Param] = &[p("count", Int), p("oldtype", TypeIn), p("newtype", NewType)];
const VECTOR: &[Param] = &[
    p("count", Int),
    p("blocklength", Int),
    p("stride", Int),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const HVECTOR: &[Param] = &[
    p("count", Int),
    p("blocklength", Int),
    p("stride", Aint),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const INDEXED: &[Param] = &[
    p("count", Int),
    p("array_of_blocklengths", IntArray),
    p("array_of_displacements", IntArray),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const HINDEXED: &[Param] = &[
    p("count", Int),
    p("array_of_blocklengths", IntArray),
    p("array_of_displacements", AintArray),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const INDEXED_BLOCK: &[Param] = &[
    p("count", Int),
    p("blocklength", Int),
    p("array_of_displacements", IntArray),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const HINDEXED_BLOCK: &[Param] = &[
    p("count", Int),
    p("blocklength", Int),
    p("array_of_displacements", AintArray),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const STRUCT: &[Param] = &[
    p("count", Int),
    p("array_of_blocklengths", IntArray),
    p("array_of_displacements", AintArray),
    p("array_of_types", DatatypeArray),
    p("newtype", NewType),
];
const SUBARRAY: &[Param] = &[
    p("ndims", Int),
    p("array_of_sizes", IntArray),
    p("array_of_subsizes", IntArray),
    p("array_of_starts", IntArray),
    p("order", Order),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const DARRAY: &[Param] = &[
    p("size", Int),
    p("rank", Int),
    p("ndims", Int),
    p("array_of_gsizes", IntArray),
    p("array_of_distribs", DistribArray),
    p("array_of_dargs", IntArray),
    p("array_of_psizes", IntArray),
    p("order", Order),
    p("oldtype", TypeIn),
    p("newtype", NewType),
];
const RESIZED: &[Param] = &[
    p("oldtype", TypeIn),
    p("lb", Aint),
    p("extent", Aint),
    p("newtype", NewType),
];
const SIZE: &[Param] = &[p("datatype", TypeIn), p("size", OutInt)];
const EXTENT: &[Param] = &[
    p("datatype", TypeIn),
    p("lb", OutAint),
    p("extent", OutAint),
];
const TRUE_EXTENT: &[Param] = &[
    p("datatype", TypeIn),
    p("true_lb", OutAint),
    p("true_extent", OutAint),
];
const MPI1_BOUND: &[Param] = &[p("datatype", TypeIn), p("displacement", OutAint)];
const P2P: &[Param] = &[
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("dest", Int),
    p("tag", Int),
    p("comm", Other),
];
const P2P_REQ: &[Param] = &[
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("dest", Int),
    p("tag", Int),
    p("comm", Other),
    p("request", Other),
];
const RECV: &[Param] = &[
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("source", Int),
    p("tag", Int),
    p("comm", Other),
    p("status", Other),
];
const RECV_REQ: &[Param] = &[
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("source", Int),
    p("tag", Int),
    p("comm", Other),
    p("request", Other),
];
const SENDRECV: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    p("dest", Int),
    p("sendtag", Int),
    p("recvbuf", Buf),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("source", Int),
    p("recvtag", Int),
    p("comm", Other),
    p("status", Other),
];
const SENDRECV_REPLACE: &[Param] = &[
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("dest", Int),
    p("sendtag", Int),
    p("source", Int),
    p("recvtag", Int),
    p("comm", Other),
    p("status", Other),
];
const BCAST: &[Param] = &[
    p("buffer", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("root", Int),
    p("comm", Other),
];
const IBCAST: &[Param] = &[
    p("buffer", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("root", Int),
    p("comm", Other),
    p("request", Other),
];
const REDUCE: &[Param] = &[
    p("sendbuf", Buf),
    p("recvbuf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("op", Other),
    p("root", Int),
    p("comm", Other),
];
const ALLREDUCE: &[Param] = &[
    p("sendbuf", Buf),
    p("recvbuf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("op", Other),
    p("comm", Other),
];
const GATHER: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    p("recvbuf", Buf),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("root", Int),
    p("comm", Other),
];
const ALLGATHER: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    p("recvbuf", Buf),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("comm", Other),
];
const GATHERV: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    p("recvbuf", Buf),
    p("recvcounts", Other),
    p("displs", Other),
    p("recvtype", MessageType),
    p("root", Int),
    p("comm", Other),
];
const SCATTERV: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcounts", Other),
    p("displs", Other),
    p("sendtype", MessageType),
    p("recvbuf", Buf),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("root", Int),
    p("comm", Other),
];
const ALLGATHERV: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    p("recvbuf", Buf),
    p("recvcounts", Other),
    p("displs", Other),
    p("recvtype", MessageType),
    p("comm", Other),
];
const ALLTOALLV: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcounts", Other),
    p("sdispls", Other),
    p("sendtype", MessageType),
    p("recvbuf", Buf),
    p("recvcounts", Other),
    p("rdispls", Other),
    p("recvtype", MessageType),
    p("comm", Other),
];
const ALLTOALLW: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcounts", Other),
    p("sdispls", Other),
    p("sendtypes", Other),
    p("recvbuf", Buf),
    p("recvcounts", Other),
    p("rdispls", Other),
    p("recvtypes", Other),
    p("comm", Other),
];
const PACK: &[Param] = &[
    p("inbuf", Buf),
    p("incount", Count),
    p("datatype", MessageType),
    p("outbuf", Buf),
    p("outsize", Int),
    p("position", OutInt),
    p("comm", Other),
];
const UNPACK: &[Param] = &[
    p("inbuf", Buf),
    p("insize", Int),
    p("position", OutInt),
    p("outbuf", Buf),
    p("outcount", Count),
    p("datatype", MessageType),
    p("comm", Other),
];
const RMA: &[Param] = &[
    p("origin_addr", Buf),
    p("origin_count", Count),
    p("origin_datatype", MessageType),
    p("target_rank", Int),
    p("target_disp", Aint),
    p("target_count", Count),
    p("target_datatype", MessageType),
    p("win", Other),
];
const ACCUMULATE: &[Param] = &[
    p("origin_addr", Buf),
    p("origin_count", Count),
    p("origin_datatype", MessageType),
    p("target_rank", Int),
    p("target_disp", Aint),
    p("target_count", Count),
    p("target_datatype", MessageType),
    p("op", Other),
    p("win", Other),
];
const FILE_SET_VIEW: &[Param] = &[
    p("fh", Other),
    p("disp", Other),
    p("etype", MessageType),
    p("filetype", MessageType),
    p("datarep", Other),
    p("info", Other),
];
const FILE_RW: &[Param] = &[
    p("fh", Other),
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("status", Other),
];
const FILE_RW_AT: &[Param] = &[
    p("fh", Other),
    p("offset", Other),
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("status", Other),
];

/// Every MPI routine the analysis models, once.
pub static MPI_FUNCTIONS: &[MpiFunction] = &[
    f(
        "MPI_Type_contiguous",
        CONTIGUOUS,
        Effect::Construct(K::Contiguous),
    ),
    f(
        "MPI_Type_contiguous_c",
        CONTIGUOUS,
        Effect::Construct(K::Contiguous),
    ),
    f("MPI_Type_vector", VECTOR, Effect::Construct(K::Vector)),
    f("MPI_Type_vector_c", VECTOR, Effect::Construct(K::Vector)),
    f(
        "MPI_Type_create_hvector",
        HVECTOR,
        Effect::Construct(K::Hvector),
    ),
    f(
        "MPI_Type_create_hvector_c",
        HVECTOR,
        Effect::Construct(K::Hvector),
    ),
    removed(
        "MPI_Type_hvector",
        HVECTOR,
        Effect::Construct(K::Hvector),
        "MPI_Type_create_hvector",
        true,
    ),
    f("MPI_Type_indexed", INDEXED, Effect::Construct(K::Indexed)),
    f("MPI_Type_indexed_c", INDEXED, Effect::Construct(K::Indexed)),
    f(
        "MPI_Type_create_hindexed",
        HINDEXED,
        Effect::Construct(K::Hindexed),
    ),
    f(
        "MPI_Type_create_hindexed_c",
        HINDEXED,
        Effect::Construct(K::Hindexed),
    ),
    removed(
        "MPI_Type_hindexed",
        HINDEXED,
        Effect::Construct(K::Hindexed),
        "MPI_Type_create_hindexed",
        true,
    ),
    f(
        "MPI_Type_create_indexed_block",
        INDEXED_BLOCK,
        Effect::Construct(K::IndexedBlock),
    ),
    f(
        "MPI_Type_create_indexed_block_c",
        INDEXED_BLOCK,
        Effect::Construct(K::IndexedBlock),
    ),
    f(
        "MPI_Type_create_hindexed_block",
        HINDEXED_BLOCK,
        Effect::Construct(K::HindexedBlock),
    ),
    f(
        "MPI_Type_create_hindexed_block_c",
        HINDEXED_BLOCK,
        Effect::Construct(K::HindexedBlock),
    ),
    f(
        "MPI_Type_create_struct",
        STRUCT,
        Effect::Construct(K::Struct),
    ),
    f(
        "MPI_Type_create_struct_c",
        STRUCT,
        Effect::Construct(K::Struct),
    ),
    removed(
        "MPI_Type_struct",
        STRUCT,
        Effect::Construct(K::Struct),
        "MPI_Type_create_struct",
        true,
    ),
    f(
        "MPI_Type_create_subarray",
        SUBARRAY,
        Effect::Construct(K::Subarray),
    ),
    f(
        "MPI_Type_create_subarray_c",
        SUBARRAY,
        Effect::Construct(K::Subarray),
    ),
    f(
        "MPI_Type_create_darray",
        DARRAY,
        Effect::Construct(K::Darray),
    ),
    f(
        "MPI_Type_create_darray_c",
        DARRAY,
        Effect::Construct(K::Darray),
    ),
    f(
        "MPI_Type_create_resized",
        RESIZED,
        Effect::Construct(K::Resized),
    ),
    f(
        "MPI_Type_create_resized_c",
        RESIZED,
        Effect::Construct(K::Resized),
    ),
    f(
        "MPI_Type_dup",
        &[p("oldtype", TypeIn), p("newtype", NewType)],
        Effect::Construct(K::Dup),
    ),
    f(
        "MPI_Type_create_f90_real",
        &[p("p", Int), p("r", Int), p("newtype", NewType)],
        Effect::Construct(K::F90Real),
    ),
    f(
        "MPI_Type_create_f90_complex",
        &[p("p", Int), p("r", Int), p("newtype", NewType)],
        Effect::Construct(K::F90Complex),
    ),
    f(
        "MPI_Type_create_f90_integer",
        &[p("r", Int), p("newtype", NewType)],
        Effect::Construct(K::F90Integer),
    ),
    f(
        "MPI_Type_commit",
        &[p("datatype", CommitType)],
        Effect::Commit,
    ),
    f("MPI_Type_free", &[p("datatype", FreeType)], Effect::Free),
    f("MPI_Type_size", SIZE, Effect::Size),
    f("MPI_Type_size_x", SIZE, Effect::Size),
    f("MPI_Type_size_c", SIZE, Effect::Size),
    f(
        "MPI_Type_get_extent",
        EXTENT,
        Effect::Extent { true_extent: false },
    ),
    f(
        "MPI_Type_get_extent_x",
        EXTENT,
        Effect::Extent { true_extent: false },
    ),
    f(
        "MPI_Type_get_extent_c",
        EXTENT,
        Effect::Extent { true_extent: false },
    ),
    f(
        "MPI_Type_get_true_extent",
        TRUE_EXTENT,
        Effect::Extent { true_extent: true },
    ),
    f(
        "MPI_Type_get_true_extent_x",
        TRUE_EXTENT,
        Effect::Extent { true_extent: true },
    ),
    f(
        "MPI_Type_get_true_extent_c",
        TRUE_EXTENT,
        Effect::Extent { true_extent: true },
    ),
    removed(
        "MPI_Type_extent",
        &[p("datatype", TypeIn), p("extent", OutAint)],
        Effect::Mpi1Bound(Mpi1Bound::Extent),
        "MPI_Type_get_extent",
        false,
    ),
    removed(
        "MPI_Type_lb",
        MPI1_BOUND,
        Effect::Mpi1Bound(Mpi1Bound::Lb),
        "MPI_Type_get_extent",
        false,
    ),
    removed(
        "MPI_Type_ub",
        MPI1_BOUND,
        Effect::Mpi1Bound(Mpi1Bound::Ub),
        "MPI_Type_get_extent",
        false,
    ),
    f(
        "MPI_Get_address",
        &[p("location", Location), p("address", OutAint)],
        Effect::GetAddress,
    ),
    f(
        "MPI_Sizeof",
        &[p("x", Location), p("size", OutInt)],
        Effect::Sizeof,
    ),
    removed(
        "MPI_Address",
        &[p("location", Location), p("address", OutAint)],
        Effect::GetAddress,
        "MPI_Get_address",
        true,
    ),
    f(
        "MPI_Aint_add",
        &[p("base", Aint), p("disp", Aint)],
        Effect::AintAdd,
    ),
    f(
        "MPI_Aint_diff",
        &[p("addr1", Aint), p("addr2", Aint)],
        Effect::AintDiff,
    ),
    f(
        "MPI_Type_get_envelope",
        &[
            p("datatype", TypeIn),
            p("num_integers", OutInt),
            p("num_addresses", OutInt),
            p("num_datatypes", OutInt),
            p("combiner", OutInt),
        ],
        Effect::Query,
    ),
    f(
        "MPI_Type_get_contents",
        &[
            p("datatype", TypeIn),
            p("max_integers", Int),
            p("max_addresses", Int),
            p("max_datatypes", Int),
            p("array_of_integers", Other),
            p("array_of_addresses", Other),
            p("array_of_datatypes", Other),
        ],
        Effect::Query,
    ),
    f(
        "MPI_Type_get_name",
        &[
            p("datatype", TypeIn),
            p("type_name", Other),
            p("resultlen", OutInt),
        ],
        Effect::Query,
    ),
    f(
        "MPI_Type_set_name",
        &[p("datatype", TypeIn), p("type_name", Other)],
        Effect::Query,
    ),
    f(
        "MPI_Pack_size",
        &[
            p("incount", Count),
            p("datatype", MessageType),
            p("comm", Other),
            p("size", OutInt),
        ],
        Effect::Query,
    ),
    f("MPI_Send", P2P, Effect::Use),
    f("MPI_Bsend", P2P, Effect::Use),
    f("MPI_Ssend", P2P, Effect::Use),
    f("MPI_Rsend", P2P, Effect::Use),
    f("MPI_Isend", P2P_REQ, Effect::Use),
    f("MPI_Ibsend", P2P_REQ, Effect::Use),
    f("MPI_Issend", P2P_REQ, Effect::Use),
    f("MPI_Irsend", P2P_REQ, Effect::Use),
    f("MPI_Send_init", P2P_REQ, Effect::Use),
    f("MPI_Recv", RECV, Effect::Use),
    f("MPI_Irecv", RECV_REQ, Effect::Use),
    f("MPI_Recv_init", RECV_REQ, Effect::Use),
    f("MPI_Sendrecv", SENDRECV, Effect::Use),
    f("MPI_Sendrecv_replace", SENDRECV_REPLACE, Effect::Use),
    f("MPI_Bcast", BCAST, Effect::Use),
    f("MPI_Ibcast", IBCAST, Effect::Use),
    f("MPI_Reduce", REDUCE, Effect::Use),
    f("MPI_Allreduce", ALLREDUCE, Effect::Use),
    f("MPI_Scan", ALLREDUCE, Effect::Use),
    f("MPI_Exscan", ALLREDUCE, Effect::Use),
    f("MPI_Gather", GATHER, Effect::Use),
    f("MPI_Scatter", GATHER, Effect::Use),
    f("MPI_Allgather", ALLGATHER, Effect::Use),
    f("MPI_Alltoall", ALLGATHER, Effect::Use),
    f("MPI_Gatherv", GATHERV, Effect::Use),
    f("MPI_Scatterv", SCATTERV, Effect::Use),
    f("MPI_Allgatherv", ALLGATHERV, Effect::Use),
    f("MPI_Alltoallv", ALLTOALLV, Effect::Use),
    f("MPI_Alltoallw", ALLTOALLW, Effect::Use),
    f("MPI_Pack", PACK, Effect::Use),
    f("MPI_Unpack", UNPACK, Effect::Use),
    f("MPI_Put", RMA, Effect::Use),
    f("MPI_Get", RMA, Effect::Use),
    f("MPI_Accumulate", ACCUMULATE, Effect::Use),
    f("MPI_File_set_view", FILE_SET_VIEW, Effect::Use),
    f("MPI_File_read", FILE_RW, Effect::Use),
    f("MPI_File_read_all", FILE_RW, Effect::Use),
    f("MPI_File_write", FILE_RW, Effect::Use),
    f("MPI_File_write_all", FILE_RW, Effect::Use),
    f("MPI_File_read_at", FILE_RW_AT, Effect::Use),
    f("MPI_File_read_at_all", FILE_RW_AT, Effect::Use),
    f("MPI_File_write_at", FILE_RW_AT, Effect::Use),
    f("MPI_File_write_at_all", FILE_RW_AT, Effect::Use),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_routine_is_listed_once() {
        for (i, f) in MPI_FUNCTIONS.iter().enumerate() {
            assert!(
                MPI_FUNCTIONS[..i].iter().all(|g| g.name != f.name),
                "{} twice",
                f.name
            );
        }
    }

    #[test]
    fn large_count_variants_take_the_parameters_of_their_base() {
        for f in MPI_FUNCTIONS {
            if let Some(base) = f.name.strip_suffix("_c") {
                let base = MpiFunction::find(base).expect("the base routine is listed");
                assert_eq!(f.params, base.params, "{}", f.name);
                assert_eq!(f.effect, base.effect, "{}", f.name);
            }
        }
    }

    #[test]
    fn removed_routines_name_a_listed_replacement() {
        for f in MPI_FUNCTIONS {
            if let Some(removal) = f.removed {
                let new = MpiFunction::find(removal.replacement).expect("listed");
                assert!(new.removed.is_none(), "{}", f.name);
                if removal.same_arguments {
                    assert_eq!(f.params, new.params, "{}", f.name);
                }
            }
        }
    }

    #[test]
    fn constructors_write_their_last_argument_and_parameter_names_are_distinct() {
        for f in MPI_FUNCTIONS {
            if matches!(f.effect, Effect::Construct(_)) {
                assert_eq!(f.roles().last(), Some(Role::NewType), "{}", f.name);
            }
            for (i, p) in f.params.iter().enumerate() {
                assert_eq!(f.position(p.name), Some(i), "{} {}", f.name, p.name);
            }
        }
    }

    #[test]
    fn names_are_found_in_any_case_and_with_the_profiling_prefix() {
        let f = MpiFunction::find("PMPI_TYPE_VECTOR").expect("found");
        assert_eq!(f.name, "MPI_Type_vector");
        assert_eq!(f.position("STRIDE"), Some(2));
        assert_eq!(MpiFunction::find("MPI_Type_vectors"), None);
    }
}
