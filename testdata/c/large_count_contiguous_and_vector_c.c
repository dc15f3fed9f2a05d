/* MPI-4 large-count constructors with MPI_Count arguments beyond INT_MAX elements. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
#if MPI_VERSION >= 4
    MPI_Datatype huge, strided;
    MPI_Count    n = (MPI_Count)3 << 31;
    MPI_Type_contiguous_c(n, MPI_BYTE, &huge);
    MPI_Type_vector_c(2, n, n + 16, MPI_BYTE, &strided);
    MPI_Type_free(&strided);
    MPI_Type_free(&huge);
#endif
    MPI_Finalize();
    return 0;
}
