/* The count is read from the command line with atoi, defaulting to 5. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int          n = argc > 1 ? atoi(argv[1]) : 5;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(n, MPI_INT, &t);  /* unknowable: n is read from the command line (atoi) */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
