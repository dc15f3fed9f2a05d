//! The language server's fuzz target (server/fuzz) without cargo-fuzz, so that every CI run
//! exercises it: deterministic pseudo-random message streams, each followed by a hover the
//! server must answer, and raw byte streams after which it must end cleanly.

#[path = "../fuzz/src/targets.rs"]
mod targets;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Fragments the fuzzer would have to find by itself: JSON of the right shape.
const PIECES: [&[u8]; 12] = [
    b"{\"textDocument\":{\"uri\":\"file:///fuzz/a.c\"},\"position\":{\"line\":4,\"character\":8}}",
    b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"textDocument/hover\"}",
    b"{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":null}",
    b"[1, 2, {\"a\": []}]",
    b"{\"settings\":{\"mpiDtypeLint\":{\"target\":\"i686-linux-gnu\",\"mpi\":\"mpich\"}}}",
    b"MPI_Type_vector(2, 1, 4, MPI_INT, &t);\n",
    b"null",
    b"{\"id\": {}, \"method\": 3}",
    b"\"\\ud800\"",
    b"99999999999999999999999",
    b"Content-Length: 5\r\n\r\n{}",
    b"\xff\xfe\x00",
];

#[test]
fn random_message_streams_then_a_hover() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for round in 0..200 {
        let mut data = Vec::new();
        if round % 10 == 9 {
            data.push(b'!');
        }
        for _ in 0..rng.next_u64() % 12 {
            data.push(rng.next_u64() as u8);
            data.push(rng.next_u64() as u8);
            if rng.next_u64().is_multiple_of(2) {
                data.extend_from_slice(PIECES[rng.next_u64() as usize % PIECES.len()]);
            } else {
                data.extend((0..rng.next_u64() % 64).map(|_| rng.next_u64() as u8));
            }
            data.push(0xff);
        }
        targets::lsp_messages(&data);
    }
}
