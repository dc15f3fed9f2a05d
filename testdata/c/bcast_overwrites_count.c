/* A count broadcast from rank 0: after MPI_Bcast it is whatever the root had. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          n = 4;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Type_contiguous(n, MPI_DOUBLE, &t);  /* unknowable: n is written by MPI_Bcast (the root
       value) */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
