/*
 * invalid-argument, corrected twin of subarray_ghost_start_off_by_one.c: the
 * east ghost column starts at index NX+1.
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
    int          starts[2]   = {1, NX + 1};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY; j++)
        col[j] = j;

    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &east_ghost);
    MPI_Type_commit(&east_ghost);
    MPI_Sendrecv(col, NY, MPI_DOUBLE, rank, 1, g, 1, east_ghost, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, g[NY][NX + 1]);

    MPI_Type_free(&east_ghost);
    MPI_Finalize();
    return 0;
}
