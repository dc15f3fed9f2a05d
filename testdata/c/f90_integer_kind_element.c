/* An integer type of at least 9 decimal digits from MPI_Type_create_f90_integer, contiguous. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype int9, pair;

    MPI_Init(&argc, &argv);
    MPI_Type_create_f90_integer(9, &int9);
    MPI_Type_contiguous(2, int9, &pair);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
