/*
 * count-mismatch, corrected twin of subarray_ndims_3_on_2d.c: the subarray
 * has NDIMS = 2 dimensions, as the arrays do.
 */
#include <mpi.h>
#include <stdio.h>

#define NDIMS 2
#define NX 40
#define NY 30

static double plane[NY + 2][NX + 2];
static double inner[NY * NX];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype interior;
    int          sizes[NDIMS]    = {NY + 2, NX + 2};
    int          subsizes[NDIMS] = {NY, NX};
    int          starts[NDIMS]   = {1, 1};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY + 2; j++)
        for (int i = 0; i < NX + 2; i++)
            plane[j][i] = j + 0.01 * i;

    MPI_Type_create_subarray(NDIMS, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &interior);
    MPI_Type_commit(&interior);
    MPI_Sendrecv(plane, 1, interior, rank, 0, inner, NY * NX, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, inner[0]);

    MPI_Type_free(&interior);
    MPI_Finalize();
    return 0;
}
