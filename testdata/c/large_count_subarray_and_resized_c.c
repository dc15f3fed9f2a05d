/* MPI-4 large-count subarray and resized: MPI_Count shape arrays and bounds. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
#if MPI_VERSION >= 4
    MPI_Count    sizes[2] = {100000, 50000}, sub[2] = {2, 3}, starts[2] = {99998, 0};
    MPI_Datatype corner, padded;
    MPI_Type_create_subarray_c(2, sizes, sub, starts, MPI_ORDER_C, MPI_FLOAT, &corner);
    MPI_Type_create_resized_c(MPI_FLOAT, -4, (MPI_Count)1 << 33, &padded);
    MPI_Type_free(&padded);
    MPI_Type_free(&corner);
#endif
    MPI_Finalize();
    return 0;
}
