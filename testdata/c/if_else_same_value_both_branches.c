/* Both branches of an if on an unknown condition give the count the same value. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          rank, n;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        n = 6;
    else
        n = 3 * 2;
    MPI_Type_contiguous(n, MPI_FLOAT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
