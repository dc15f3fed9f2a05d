//! Which arguments the collectives read: those "significant only at root", and those
//! `MPI_IN_PLACE` replaces (MPI-4.1 chapter 6).

use super::{InPlace, Reads};

/// Every argument is read by every process.
pub(super) const ALL: Reads = Reads {
    at_root: &[],
    in_place: None,
};
pub(super) const SEND_SIDE: &[&str] = &["sendcount", "sendtype"];
const RECV_SIDE: &[&str] = &["recvbuf", "recvcount", "recvtype"];
/// MPI_Gather: the receive arguments at the root only; the root's `MPI_IN_PLACE` send buffer
/// (MPI-4.1 §6.5).
pub(super) const GATHER_READS: Reads = Reads {
    at_root: RECV_SIDE,
    in_place: Some(InPlace {
        buffer: "sendbuf",
        ignores: SEND_SIDE,
        root_only: true,
    }),
};
pub(super) const GATHERV_READS: Reads = Reads {
    at_root: &["recvbuf", "recvcounts", "displs", "recvtype"],
    in_place: Some(InPlace {
        buffer: "sendbuf",
        ignores: SEND_SIDE,
        root_only: true,
    }),
};
/// MPI_Scatter: the send arguments at the root only; the root's `MPI_IN_PLACE` receive buffer
/// (MPI-4.1 §6.6).
pub(super) const SCATTER_READS: Reads = Reads {
    at_root: &["sendbuf", "sendcount", "sendtype"],
    in_place: Some(InPlace {
        buffer: "recvbuf",
        ignores: &["recvcount", "recvtype"],
        root_only: true,
    }),
};
pub(super) const SCATTERV_READS: Reads = Reads {
    at_root: &["sendbuf", "sendcounts", "displs", "sendtype"],
    in_place: Some(InPlace {
        buffer: "recvbuf",
        ignores: &["recvcount", "recvtype"],
        root_only: true,
    }),
};
/// MPI_Reduce: the receive buffer at the root only; the root's `MPI_IN_PLACE` send buffer
/// (MPI-4.1 §6.9.1).
pub(super) const REDUCE_READS: Reads = Reads {
    at_root: &["recvbuf"],
    in_place: Some(InPlace {
        buffer: "sendbuf",
        ignores: &[],
        root_only: true,
    }),
};
/// MPI_Allgather, MPI_Alltoall and their v and w forms: `MPI_IN_PLACE` on every process
/// (MPI-4.1 §6.7, §6.8).
pub(super) const fn in_place_everywhere(ignores: &'static [&'static str]) -> Reads {
    Reads {
        at_root: &[],
        in_place: Some(InPlace {
            buffer: "sendbuf",
            ignores,
            root_only: false,
        }),
    }
}
