//! The table: every MPI routine with the standard's parameter names, in the order of the C
//! binding. The large-count `_c` forms share their base routine's parameters.

use super::reads::{
    in_place_everywhere, ALL, GATHERV_READS, GATHER_READS, REDUCE_READS, SCATTERV_READS,
    SCATTER_READS, SEND_SIDE,
};
use super::{ConstructorKind, Effect, Mpi1Bound, MpiFunction, Param, Reads, Removal, Role};
use ConstructorKind as K;
use Role::*;

const fn f(name: &'static str, params: &'static [Param], effect: Effect) -> MpiFunction {
    MpiFunction {
        name,
        params,
        effect,
        removed: None,
        reads: ALL,
    }
}

/// A collective whose arguments MPI reads only at the root or without `MPI_IN_PLACE`.
const fn collective(name: &'static str, params: &'static [Param], reads: Reads) -> MpiFunction {
    MpiFunction {
        name,
        params,
        effect: Effect::Use,
        removed: None,
        reads,
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
        reads: ALL,
    }
}

const fn p(name: &'static str, role: Role) -> Param {
    Param {
        name,
        role,
        written: false,
    }
}

/// A buffer MPI writes.
const fn written(name: &'static str) -> Param {
    Param {
        name,
        role: Buf,
        written: true,
    }
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
    written("buf"),
    p("count", Count),
    p("datatype", MessageType),
    p("source", Int),
    p("tag", Int),
    p("comm", Other),
    p("status", Other),
];
const RECV_REQ: &[Param] = &[
    written("buf"),
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
    written("recvbuf"),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("source", Int),
    p("recvtag", Int),
    p("comm", Other),
    p("status", Other),
];
const SENDRECV_REPLACE: &[Param] = &[
    written("buf"),
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
    written("buffer"),
    p("count", Count),
    p("datatype", MessageType),
    p("root", Int),
    p("comm", Other),
];
const IBCAST: &[Param] = &[
    written("buffer"),
    p("count", Count),
    p("datatype", MessageType),
    p("root", Int),
    p("comm", Other),
    p("request", Other),
];
const REDUCE: &[Param] = &[
    p("sendbuf", Buf),
    written("recvbuf"),
    p("count", Count),
    p("datatype", MessageType),
    p("op", Other),
    p("root", Int),
    p("comm", Other),
];
const ALLREDUCE: &[Param] = &[
    p("sendbuf", Buf),
    written("recvbuf"),
    p("count", Count),
    p("datatype", MessageType),
    p("op", Other),
    p("comm", Other),
];
const GATHER: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    written("recvbuf"),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("root", Int),
    p("comm", Other),
];
const ALLGATHER: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    written("recvbuf"),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("comm", Other),
];
const GATHERV: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    written("recvbuf"),
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
    written("recvbuf"),
    p("recvcount", Count),
    p("recvtype", MessageType),
    p("root", Int),
    p("comm", Other),
];
const ALLGATHERV: &[Param] = &[
    p("sendbuf", Buf),
    p("sendcount", Count),
    p("sendtype", MessageType),
    written("recvbuf"),
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
    written("recvbuf"),
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
    written("recvbuf"),
    p("recvcounts", Other),
    p("rdispls", Other),
    p("recvtypes", Other),
    p("comm", Other),
];
const PACK: &[Param] = &[
    p("inbuf", Buf),
    p("incount", Count),
    p("datatype", MessageType),
    written("outbuf"),
    p("outsize", Int),
    p("position", OutInt),
    p("comm", Other),
];
const UNPACK: &[Param] = &[
    p("inbuf", Buf),
    p("insize", Int),
    p("position", OutInt),
    written("outbuf"),
    p("outcount", Count),
    p("datatype", MessageType),
    p("comm", Other),
];
const PUT: &[Param] = &[
    p("origin_addr", Buf),
    p("origin_count", Count),
    p("origin_datatype", MessageType),
    p("target_rank", Int),
    p("target_disp", Aint),
    p("target_count", Count),
    p("target_datatype", MessageType),
    p("win", Other),
];
const GET: &[Param] = &[
    written("origin_addr"),
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
const FILE_WRITE: &[Param] = &[
    p("fh", Other),
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("status", Other),
];
const FILE_READ: &[Param] = &[
    p("fh", Other),
    written("buf"),
    p("count", Count),
    p("datatype", MessageType),
    p("status", Other),
];
const FILE_WRITE_AT: &[Param] = &[
    p("fh", Other),
    p("offset", Other),
    p("buf", Buf),
    p("count", Count),
    p("datatype", MessageType),
    p("status", Other),
];
const FILE_READ_AT: &[Param] = &[
    p("fh", Other),
    p("offset", Other),
    written("buf"),
    p("count", Count),
    p("datatype", MessageType),
    p("status", Other),
];

/// Every MPI routine the analysis models, once.
pub(crate) static MPI_FUNCTIONS: &[MpiFunction] = &[
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
        "MPI_Type_match_size",
        &[p("typeclass", Int), p("size", Int), p("datatype", NewType)],
        Effect::Construct(K::MatchSize),
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
    // Attributes change neither the datatype nor its handle; Fortran passes the attribute and
    // the extra state as INTEGER(KIND=MPI_ADDRESS_KIND).
    f(
        "MPI_Type_create_keyval",
        &[
            p("type_copy_attr_fn", Other),
            p("type_delete_attr_fn", Other),
            p("type_keyval", OutInt),
            p("extra_state", Aint),
        ],
        Effect::Query,
    ),
    f(
        "MPI_Type_free_keyval",
        &[p("type_keyval", OutInt)],
        Effect::Query,
    ),
    f(
        "MPI_Type_set_attr",
        &[
            p("datatype", TypeIn),
            p("type_keyval", Int),
            p("attribute_val", Aint),
        ],
        Effect::Query,
    ),
    f(
        "MPI_Type_get_attr",
        &[
            p("datatype", TypeIn),
            p("type_keyval", Int),
            p("attribute_val", OutAint),
            p("flag", OutInt),
        ],
        Effect::Query,
    ),
    f(
        "MPI_Type_delete_attr",
        &[p("datatype", TypeIn), p("type_keyval", Int)],
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
    collective("MPI_Reduce", REDUCE, REDUCE_READS),
    f("MPI_Allreduce", ALLREDUCE, Effect::Use),
    f("MPI_Scan", ALLREDUCE, Effect::Use),
    f("MPI_Exscan", ALLREDUCE, Effect::Use),
    collective("MPI_Gather", GATHER, GATHER_READS),
    collective("MPI_Scatter", GATHER, SCATTER_READS),
    collective("MPI_Allgather", ALLGATHER, in_place_everywhere(SEND_SIDE)),
    collective("MPI_Alltoall", ALLGATHER, in_place_everywhere(SEND_SIDE)),
    collective("MPI_Gatherv", GATHERV, GATHERV_READS),
    collective("MPI_Scatterv", SCATTERV, SCATTERV_READS),
    collective("MPI_Allgatherv", ALLGATHERV, in_place_everywhere(SEND_SIDE)),
    collective(
        "MPI_Alltoallv",
        ALLTOALLV,
        in_place_everywhere(&["sendcounts", "sdispls", "sendtype"]),
    ),
    collective(
        "MPI_Alltoallw",
        ALLTOALLW,
        in_place_everywhere(&["sendcounts", "sdispls", "sendtypes"]),
    ),
    f("MPI_Pack", PACK, Effect::Use),
    f("MPI_Unpack", UNPACK, Effect::Use),
    f("MPI_Put", PUT, Effect::Use),
    f("MPI_Get", GET, Effect::Use),
    f("MPI_Accumulate", ACCUMULATE, Effect::Use),
    f("MPI_File_set_view", FILE_SET_VIEW, Effect::Use),
    f("MPI_File_read", FILE_READ, Effect::Use),
    f("MPI_File_read_all", FILE_READ, Effect::Use),
    f("MPI_File_write", FILE_WRITE, Effect::Use),
    f("MPI_File_write_all", FILE_WRITE, Effect::Use),
    f("MPI_File_read_at", FILE_READ_AT, Effect::Use),
    f("MPI_File_read_at_all", FILE_READ_AT, Effect::Use),
    f("MPI_File_write_at", FILE_WRITE_AT, Effect::Use),
    f("MPI_File_write_at_all", FILE_WRITE_AT, Effect::Use),
];
