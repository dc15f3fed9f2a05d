/*
 * invalid-argument, corrected twin of swapped_count_and_type.c: the count
 * first, then the old type.
 */
#include <mpi.h>
#include <stdio.h>

#define NCOMP 6

static double state[4 * NCOMP];

int main(int argc, char **argv)
{
    int          rank;
    int          ncomp = NCOMP;
    MPI_Datatype point;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 4 * NCOMP; i++)
        state[i] = rank + i;
    MPI_Type_contiguous(ncomp, MPI_DOUBLE, &point);
    MPI_Type_commit(&point);
    MPI_Bcast(state, 4, point, 0, MPI_COMM_WORLD);
    printf("[%d] %g\n", rank, state[4 * NCOMP - 1]);
    MPI_Type_free(&point);
    MPI_Finalize();
    return 0;
}
