/*
 * type-leak: output of NFIELDS variables; for each field a subarray type
 * selecting the interior is created into the same handle `interior` and
 * committed, and the free was forgotten -- all NFIELDS types leak.
 */
#include <mpi.h>
#include <stdio.h>

#define NFIELDS 5
#define NX 24
#define NY 18
#define NG 2

static float fields[NFIELDS][NY + 2 * NG][NX + 2 * NG];
static float out[NY * NX];

int main(int argc, char **argv)
{
    int          rank, f;
    MPI_Datatype interior;
    int          sizes[2]    = {NY + 2 * NG, NX + 2 * NG};
    int          subsizes[2] = {NY, NX};
    int          starts[2]   = {NG, NG};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (f = 0; f < NFIELDS; f++)
        for (int j = 0; j < NY + 2 * NG; j++)
            for (int i = 0; i < NX + 2 * NG; i++)
                fields[f][j][i] = (float)(f * 1000 + j * 10 + i);

    for (f = 0; f < NFIELDS; f++) {
        MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_FLOAT, &interior); /* expect: type-leak */
        MPI_Type_commit(&interior);
        MPI_Sendrecv(fields[f], 1, interior, rank, f, out, NY * NX, MPI_FLOAT, rank, f, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[%d] field %d first interior value %g\n", rank, f, out[0]);
    }

    MPI_Finalize();
    return 0;
}
