/* Subarray shape arrays filled in a loop over dimensions: the interior of a padded 3-D block. */
#include <mpi.h>

#define NDIM 3

int main(int argc, char **argv)
{
    int          n[NDIM] = {6, 5, 4}, sizes[NDIM], sub[NDIM], starts[NDIM];
    MPI_Datatype interior;

    MPI_Init(&argc, &argv);
    for (int d = 0; d < NDIM; d++) {
        sizes[d] = n[d] + 2;
        sub[d] = n[d];
        starts[d] = 1;
    }
    MPI_Type_create_subarray(NDIM, sizes, sub, starts, MPI_ORDER_C, MPI_DOUBLE, &interior);
    MPI_Type_free(&interior);
    MPI_Finalize();
    return 0;
}
