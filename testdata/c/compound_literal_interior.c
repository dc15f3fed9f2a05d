/*
 * Copy the interior of a padded tile into a dense buffer.  Shape arrays are
 * passed as compound literals and the constructor's return code is checked
 * inline.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TY 18
#define TX 26
#define PAD 3

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype interior;
    double      *tile, *dense;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    tile  = malloc((TY + 2 * PAD) * (TX + 2 * PAD) * sizeof(double));
    dense = malloc(TY * TX * sizeof(double));
    for (int i = 0; i < (TY + 2 * PAD) * (TX + 2 * PAD); i++)
        tile[i] = i;

    if (MPI_Type_create_subarray(2, (int[]){TY + 2 * PAD, TX + 2 * PAD}, (int[]){TY, TX},
                                 (int[]){PAD, PAD}, MPI_ORDER_C, MPI_DOUBLE,
                                 &interior) != MPI_SUCCESS) {
        fprintf(stderr, "could not build interior type\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Type_commit(&interior);

    MPI_Sendrecv(tile, 1, interior, rank, 0, dense, TY * TX, MPI_DOUBLE, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (dense[0] != PAD * (TX + 2 * PAD) + PAD) {
        fprintf(stderr, "interior copy wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&interior);
    free(dense);
    free(tile);
    MPI_Finalize();
    return 0;
}
