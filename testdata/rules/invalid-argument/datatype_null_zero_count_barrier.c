/*
 * invalid-argument: an empty message used as a signal between two ranks, sent with
 * MPI_DATATYPE_NULL and a zero count. MPICH accepts that; Open MPI rejects it with
 * MPI_ERR_TYPE, so the program aborts there. A warning: the standard does not say.
 */
#include <stddef.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(NULL, 0, MPI_DATATYPE_NULL, 1, 3, MPI_COMM_WORLD); /* expect: invalid-argument */
    else if (rank == 1)
        MPI_Recv(NULL, 0, MPI_DATATYPE_NULL, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: invalid-argument */
    MPI_Finalize();
    return 0;
}
