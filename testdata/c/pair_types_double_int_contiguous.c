/* MPI_DOUBLE_INT and MPI_2INT pair types (MINLOC/MAXLOC) inside derived types. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype pairs, ipairs;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(3, MPI_DOUBLE_INT, &pairs);
    MPI_Type_vector(2, 1, 2, MPI_2INT, &ipairs);
    MPI_Type_free(&ipairs);
    MPI_Type_free(&pairs);
    MPI_Finalize();
    return 0;
}
