/* The count a type is built with arrives in a message (here from this rank to itself): the
 * value the variable held before the receive is not the one the constructor sees. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int n = 3, sent = 5, rank;
    MPI_Datatype row;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Sendrecv(&sent, 1, MPI_INT, rank, 0, &n, 1, MPI_INT, rank, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Type_contiguous(n, MPI_INT, &row);  /* unknowable: n is written by the receive of
       MPI_Sendrecv */
    MPI_Type_commit(&row);
    MPI_Type_free(&row);
    MPI_Finalize();
    return 0;
}
