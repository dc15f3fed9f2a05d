/*
 * signature-mismatch: a single-process self-test of the "compress to float
 * for output" path.  4 doubles are sent to self and received as one
 * contiguous(4, MPI_FLOAT): MPI does not convert, the type signatures differ
 * (double vs float) and the receive is erroneous.
 */
#include <mpi.h>
#include <stdio.h>

static double state[4] = {1.0, 2.0, 3.0, 4.0};
static float  out[4];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype quad;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_contiguous(4, MPI_FLOAT, &quad);
    MPI_Type_commit(&quad);

    MPI_Sendrecv(state, 4, MPI_DOUBLE, rank, 21, out, 1, quad, rank, 21, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: signature-mismatch */
    printf("[%d] %g %g\n", rank, out[0], out[3]);

    MPI_Type_free(&quad);
    MPI_Finalize();
    return 0;
}
