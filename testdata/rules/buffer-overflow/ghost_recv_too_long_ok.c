/*
 * buffer-overflow, corrected twin of ghost_recv_too_long.c: the receive count
 * is the size of the ghost buffer.
 */
#include <mpi.h>
#include <stdio.h>

#define NY 50
#define NGHOST 2
#define TAG_GHOST 30

static double ghost[NGHOST * NY];
static double boundary[(NGHOST + 1) * NY];

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        for (int i = 0; i < (NGHOST + 1) * NY; i++)
            boundary[i] = i;
        MPI_Send(boundary, NGHOST * NY, MPI_DOUBLE, 1, TAG_GHOST, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(ghost, NGHOST * NY, MPI_DOUBLE, 0, TAG_GHOST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] ghost[0] = %g\n", ghost[0]);
    }

    MPI_Finalize();
    return 0;
}
