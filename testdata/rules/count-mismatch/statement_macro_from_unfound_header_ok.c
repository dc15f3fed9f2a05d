/* count-mismatch: CHECK_ERR is defined in a header the analysis does not find (as PnetCDF's
 * <testutils.h> is without its -I). Used without a `;` after a call, it must not turn the next
 * line into the declaration of an empty array `sizes` that hides the real one. */
#include <mpi.h>
#include "testutils_not_shipped.h"

int main(int argc, char **argv)
{
    int err, nerrs = 0, sizes[2], subsizes[2], starts[2];
    MPI_Datatype sub;

    MPI_Init(&argc, &argv);
    err = MPI_Barrier(MPI_COMM_WORLD); CHECK_ERR

    /* a 4 x 4 block of an 8 x 8 array of ints */
    sizes[0] = 8;
    sizes[1] = 8;
    subsizes[0] = 4;
    subsizes[1] = 4;
    starts[0] = 2;
    starts[1] = 2;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &sub);
    MPI_Type_commit(&sub);
    MPI_Type_free(&sub);
    MPI_Finalize();
    return nerrs;
}
