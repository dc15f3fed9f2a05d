/*
 * Not a finding: the type is used in a loop too long for the analysis to run
 * to its end (a million iterations), then freed.  The rest of the loop is
 * evaluated with what it assigns unknown; the sends in it read the handle and
 * cannot change it, so the free after the loop frees the type made before it.
 */
#include <mpi.h>
#include <stdio.h>

#define NSTEP 1000000
#define EVERY 250000

static double state[16];

static void advance(int rank, int size)
{
    MPI_Datatype pair;

    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    for (long step = 0; step < NSTEP; step++) {
        state[step % 16] += 1e-6;
        if (step % EVERY == 0 && size > 1) {
            if (rank == 0)
                MPI_Send(state, 8, pair, 1, 0, MPI_COMM_WORLD);
            else if (rank == 1)
                MPI_Recv(state, 8, pair, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    MPI_Type_free(&pair);
}

int main(int argc, char **argv)
{
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    advance(rank, size);
    printf("[%d] %.3f\n", rank, state[0]);
    MPI_Finalize();
    return 0;
}
