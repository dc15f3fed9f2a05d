/* MPI_Type_size of a derived type gives the byte count of a contiguous MPI_BYTE type. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype strided, bytes;
    int          size;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(3, 2, 5, MPI_INT, &strided);
    MPI_Type_size(strided, &size);
    MPI_Type_contiguous(size, MPI_BYTE, &bytes);
    MPI_Type_free(&bytes);
    MPI_Type_free(&strided);
    MPI_Finalize();
    return 0;
}
