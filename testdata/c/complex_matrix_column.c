/* A column of a row-major complex matrix: a vector of MPI_C_DOUBLE_COMPLEX. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype zcol;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(6, 1, 8, MPI_C_DOUBLE_COMPLEX, &zcol);
    MPI_Type_free(&zcol);
    MPI_Finalize();
    return 0;
}
