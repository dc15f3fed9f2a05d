/*
 * signature-mismatch: global indices.  The sender still stores them as int,
 * the receiver was migrated to long: NIDX MPI_INT are sent, NIDX MPI_LONG
 * are expected.  Different basic types: the receive is erroneous (and on
 * x86_64 the data arrive as NIDX/2 garbage longs).
 */
#include <mpi.h>
#include <stdio.h>

#define NIDX 64
#define TAG_IDX 3

static int  idx_out[NIDX];
static long idx_in[NIDX];

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        for (int i = 0; i < NIDX; i++)
            idx_out[i] = 3 * i;
        MPI_Send(idx_out, NIDX, MPI_INT, 1, TAG_IDX, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(idx_in, NIDX, MPI_LONG, 0, TAG_IDX, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: signature-mismatch */
        printf("[1] idx[5] = %ld\n", idx_in[5]);
    }

    MPI_Finalize();
    return 0;
}
