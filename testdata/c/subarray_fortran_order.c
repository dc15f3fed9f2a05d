/* A Fortran-order (column-major) subarray, as a C code sharing arrays with Fortran builds it. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          sizes[2] = {10, 4}, subsizes[2] = {3, 2}, starts[2] = {5, 1};
    MPI_Datatype block;

    MPI_Init(&argc, &argv);
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE, &block);
    MPI_Type_free(&block);
    MPI_Finalize();
    return 0;
}
