/* A 1-D subarray: elements 3..9 of a 16-element array, extent of the whole array. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          n = 16, len = 7, start = 3;
    MPI_Datatype middle;

    MPI_Init(&argc, &argv);
    MPI_Type_create_subarray(1, &n, &len, &start, MPI_ORDER_C, MPI_INT, &middle);
    MPI_Type_free(&middle);
    MPI_Finalize();
    return 0;
}
