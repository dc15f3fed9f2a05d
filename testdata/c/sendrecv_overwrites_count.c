/* A count received from a message (here from this process itself) replaces the initial 2. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          n = 2, sent = 7;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Sendrecv(&sent, 1, MPI_INT, 0, 0, &n, 1, MPI_INT, 0, 0, MPI_COMM_SELF,
                 MPI_STATUS_IGNORE);
    MPI_Type_contiguous(n, MPI_FLOAT, &t);  /* unknowable: n is written by the receive of
       MPI_Sendrecv */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
