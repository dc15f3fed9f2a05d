/* The constructor's return code tested directly in an if, with the error branch aborting. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype pairs;

    MPI_Init(&argc, &argv);
    if (MPI_Type_vector(6, 2, 3, MPI_UNSIGNED, &pairs) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Type_free(&pairs);
    MPI_Finalize();
    return 0;
}
