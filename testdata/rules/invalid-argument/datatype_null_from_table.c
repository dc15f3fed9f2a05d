/*
 * invalid-argument: a field-kind -> datatype table marks the kinds the I/O
 * layer cannot transfer with MPI_DATATYPE_NULL.  The quad-precision field
 * kind (KIND_QUAD) is broadcast through the table anyway: the call receives
 * MPI_DATATYPE_NULL (MPI_ERR_TYPE).
 */
#include <mpi.h>
#include <stdio.h>

enum { KIND_INT = 0, KIND_DOUBLE = 1, KIND_QUAD = 2, NKINDS = 3 };

#define NVAL 16

static long double qvals[NVAL];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype kind_type[NKINDS] = {MPI_INT, MPI_DOUBLE, MPI_DATATYPE_NULL};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NVAL; i++)
            qvals[i] = i;

    MPI_Bcast(qvals, NVAL, kind_type[KIND_QUAD], 0, MPI_COMM_WORLD); /* expect: invalid-argument */
    printf("[%d] %Lg\n", rank, qvals[NVAL - 1]);

    MPI_Finalize();
    return 0;
}
