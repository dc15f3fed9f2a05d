/*
 * invalid-argument: the east ghost column of an (NY+2) x (NX+2) array is at
 * index NX+1, but the start was written as NX+2: start + subsize exceeds the
 * size in that dimension, which the standard forbids (0 <= start <= size -
 * subsize).  Open MPI 4.1 fails with MPI_ERR_ARG; MPICH 4.0.2 does not check
 * and the receive silently writes column 0 of the next row.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 32
#define NY 24

static double g[NY + 2][NX + 2];
static double col[NY];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype east_ghost;
    int          sizes[2]    = {NY + 2, NX + 2};
    int          subsizes[2] = {NY, 1};
    int          starts[2]   = {1, NX + 2};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY; j++)
        col[j] = j;

    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &east_ghost); /* expect: invalid-argument */
    MPI_Type_commit(&east_ghost);
    MPI_Sendrecv(col, NY, MPI_DOUBLE, rank, 1, g, 1, east_ghost, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, g[NY][NX + 1]);

    MPI_Type_free(&east_ghost);
    MPI_Finalize();
    return 0;
}
