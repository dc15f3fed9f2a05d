/*
 * signature-mismatch, not a finding: rank 0 sends one contiguous(2, MPI_INT)
 * per pair, rank 1 receives plain MPI_INTs.  The type trees differ, the
 * signatures (2*NPAIR x MPI_INT) are identical.
 */
#include <mpi.h>
#include <stdio.h>

#define NPAIR 16
#define TAG_PAIRS 9

static int pairs_out[NPAIR][2];
static int pairs_in[2 * NPAIR];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype pair;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);

    if (rank == 0) {
        for (int i = 0; i < NPAIR; i++) {
            pairs_out[i][0] = i;
            pairs_out[i][1] = i + 1;
        }
        MPI_Send(pairs_out, NPAIR, pair, 1, TAG_PAIRS, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(pairs_in, 2 * NPAIR, MPI_INT, 0, TAG_PAIRS, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] last pair %d %d\n", pairs_in[2 * NPAIR - 2], pairs_in[2 * NPAIR - 1]);
    }

    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
