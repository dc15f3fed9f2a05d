/*
 * invalid-argument, fixed: the empty message that signals between two ranks is 0 x MPI_BYTE,
 * which every MPI library accepts.
 */
#include <stddef.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(NULL, 0, MPI_BYTE, 1, 3, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(NULL, 0, MPI_BYTE, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
