/* MPI_Type_dup of a predefined type: a derived copy of MPI_DOUBLE with the same layout. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype mydouble;

    MPI_Init(&argc, &argv);
    MPI_Type_dup(MPI_DOUBLE, &mydouble);
    MPI_Type_free(&mydouble);
    MPI_Finalize();
    return 0;
}
