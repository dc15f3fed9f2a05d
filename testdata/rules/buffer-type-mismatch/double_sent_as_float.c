/*
 * buffer-type-mismatch: rank 0 sends its double-precision solution with
 * MPI_FLOAT (the receiver, a single-precision visualiser, asked for floats);
 * MPI does not convert, so the floats are the bit patterns of halves of
 * doubles.
 */
#include <mpi.h>
#include <stdio.h>

#define NPTS 64
#define TAG_VIS 17

static double sol[NPTS];
static float  vis[NPTS];

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        for (int i = 0; i < NPTS; i++)
            sol[i] = 0.25 * i;
        MPI_Send(sol, NPTS, MPI_FLOAT, 1, TAG_VIS, MPI_COMM_WORLD); /* expect: buffer-type-mismatch */
    } else if (rank == 1) {
        MPI_Recv(vis, NPTS, MPI_FLOAT, 0, TAG_VIS, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] vis[4] = %g\n", vis[4]);
    }

    MPI_Finalize();
    return 0;
}
