/*
 * signature-mismatch, corrected twin of self_sendrecv_double_float.c: the
 * values are converted to float by the program, then 4 floats are sent and
 * received as one contiguous(4, MPI_FLOAT) -- same signature.
 */
#include <mpi.h>
#include <stdio.h>

static double state[4] = {1.0, 2.0, 3.0, 4.0};
static float  tmp[4];
static float  out[4];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype quad;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 4; i++)
        tmp[i] = (float)state[i];

    MPI_Type_contiguous(4, MPI_FLOAT, &quad);
    MPI_Type_commit(&quad);

    MPI_Sendrecv(tmp, 4, MPI_FLOAT, rank, 21, out, 1, quad, rank, 21, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g %g\n", rank, out[0], out[3]);

    MPI_Type_free(&quad);
    MPI_Finalize();
    return 0;
}
