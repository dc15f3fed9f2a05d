/* A vector with block length 0: no data, and no extent in either library. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype nothing;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(4, 0, 3, MPI_INT, &nothing);
    MPI_Type_free(&nothing);
    MPI_Finalize();
    return 0;
}
