/* A lower bound of minus one element, written `-(MPI_Aint)sizeof(double)`. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype ghosted;

    MPI_Init(&argc, &argv);
    MPI_Type_create_resized(MPI_DOUBLE, -(MPI_Aint)sizeof(double), 3 * sizeof(double),
                            &ghosted);
    MPI_Type_free(&ghosted);
    MPI_Finalize();
    return 0;
}
