/*
 * invalid-argument, corrected twin of datatype_null_from_table.c: the table
 * maps the quad-precision kind to MPI_LONG_DOUBLE.
 */
#include <mpi.h>
#include <stdio.h>

enum { KIND_INT = 0, KIND_DOUBLE = 1, KIND_QUAD = 2, NKINDS = 3 };

#define NVAL 16

static long double qvals[NVAL];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype kind_type[NKINDS] = {MPI_INT, MPI_DOUBLE, MPI_LONG_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NVAL; i++)
            qvals[i] = i;

    MPI_Bcast(qvals, NVAL, kind_type[KIND_QUAD], 0, MPI_COMM_WORLD);
    printf("[%d] %Lg\n", rank, qvals[NVAL - 1]);

    MPI_Finalize();
    return 0;
}
