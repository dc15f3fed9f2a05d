/* A contiguous type of zero elements: size 0, extent 0. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype empty;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(0, MPI_DOUBLE, &empty);
    MPI_Type_free(&empty);
    MPI_Finalize();
    return 0;
}
