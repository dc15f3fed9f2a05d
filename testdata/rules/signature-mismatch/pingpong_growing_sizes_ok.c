/* A ping-pong in rounds of growing size, every message with the same tag: MPI matches the
   messages in order, so each receive takes the send of its own round. No receive can be paired
   with one send for sure, and nothing is reported. */
#include <mpi.h>

#define SMALL 64
#define LARGE 4096

int main(int argc, char **argv)
{
    static char small[SMALL], large[LARGE];
    int rank, i;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (i = 0; i < 10; i++) {
            MPI_Send(small, SMALL, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
            MPI_Recv(small, SMALL, MPI_BYTE, 1, 5, MPI_COMM_WORLD, &status);
        }
        for (i = 0; i < 10; i++) {
            MPI_Send(large, LARGE, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
            MPI_Recv(large, LARGE, MPI_BYTE, 1, 5, MPI_COMM_WORLD, &status);
        }
    } else if (rank == 1) {
        for (i = 0; i < 10; i++) {
            MPI_Recv(small, SMALL, MPI_BYTE, 0, 5, MPI_COMM_WORLD, &status);
            MPI_Send(small, SMALL, MPI_BYTE, 0, 5, MPI_COMM_WORLD);
        }
        for (i = 0; i < 10; i++) {
            MPI_Recv(large, LARGE, MPI_BYTE, 0, 5, MPI_COMM_WORLD, &status);
            MPI_Send(large, LARGE, MPI_BYTE, 0, 5, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
