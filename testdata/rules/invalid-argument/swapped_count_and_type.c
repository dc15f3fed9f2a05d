/*
 * invalid-argument: the count and the old type of MPI_Type_contiguous are
 * swapped.  With MPICH, whose handles are ints, this compiles: the old type
 * is the number 6, not a datatype, and the call fails with MPI_ERR_TYPE.
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
    MPI_Type_contiguous(MPI_DOUBLE, ncomp, &point); /* expect: invalid-argument */
    MPI_Type_commit(&point);
    MPI_Bcast(state, 4, point, 0, MPI_COMM_WORLD);
    printf("[%d] %g\n", rank, state[4 * NCOMP - 1]);
    MPI_Type_free(&point);
    MPI_Finalize();
    return 0;
}
