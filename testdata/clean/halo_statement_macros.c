/*
 * A ghost-cell exchange on a periodic 2-D grid whose datatype set-up and
 * clean-up live in macros that expand to statements: TRY wraps each MPI
 * call in `do { } while (0)` and jumps to the clean-up on an error,
 * MAKE_FACE builds and commits a subarray, FREE_TYPE frees a handle and
 * resets it.  Some uses end in `;`, others do not need one.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 16
#define NY 12

#define TRY(call) do { err = (call); if (err != MPI_SUCCESS) goto fail; } while (0)
#define MAKE_FACE(t, sub, st) { \
    TRY(MPI_Type_create_subarray(2, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, &t)); \
    TRY(MPI_Type_commit(&t)); \
}
#define FREE_TYPE(t) { if (t != MPI_DATATYPE_NULL) MPI_Type_free(&t); t = MPI_DATATYPE_NULL; }

static double grid[NY + 2][NX + 2];

int main(int argc, char **argv)
{
    int err, rank, nprocs, up, down;
    int sizes[2] = {NY + 2, NX + 2};
    int row_sub[2] = {1, NX};
    int top_send[2] = {1, 1}, bottom_recv[2] = {NY + 1, 1};
    MPI_Datatype send_row = MPI_DATATYPE_NULL, recv_row = MPI_DATATYPE_NULL;

    MPI_Init(&argc, &argv);
    TRY(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    TRY(MPI_Comm_size(MPI_COMM_WORLD, &nprocs));
    up = (rank + nprocs - 1) % nprocs;
    down = (rank + 1) % nprocs;
    for (int j = 0; j < NY + 2; j++)
        for (int i = 0; i < NX + 2; i++)
            grid[j][i] = rank + 0.01 * i;

    MAKE_FACE(send_row, row_sub, top_send)
    MAKE_FACE(recv_row, row_sub, bottom_recv)
    TRY(MPI_Sendrecv(grid, 1, send_row, up, 0, grid, 1, recv_row, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    printf("[%d] ghost row starts with %g\n", rank, grid[NY + 1][1]);

fail:
    FREE_TYPE(send_row)
    FREE_TYPE(recv_row)
    MPI_Finalize();
    return err != MPI_SUCCESS;
}
