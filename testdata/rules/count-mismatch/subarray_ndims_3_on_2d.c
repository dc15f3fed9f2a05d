/*
 * count-mismatch: a 2-D configuration of a code written for 3-D.  NDIMS is
 * still 3 in the datatype set-up while the size arrays were trimmed to the
 * 2 dimensions of the plane: the subarray constructor reads a third size,
 * subsize and start past the arrays.
 */
#include <mpi.h>
#include <stdio.h>

#define NDIMS 3
#define NX 40
#define NY 30

static double plane[NY + 2][NX + 2];
static double inner[NY * NX];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype interior;
    int          sizes[2]    = {NY + 2, NX + 2};
    int          subsizes[2] = {NY, NX};
    int          starts[2]   = {1, 1};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY + 2; j++)
        for (int i = 0; i < NX + 2; i++)
            plane[j][i] = j + 0.01 * i;

    MPI_Type_create_subarray(NDIMS, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &interior); /* expect: count-mismatch */
    MPI_Type_commit(&interior);
    MPI_Sendrecv(plane, 1, interior, rank, 0, inner, NY * NX, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, inner[0]);

    MPI_Type_free(&interior);
    MPI_Finalize();
    return 0;
}
