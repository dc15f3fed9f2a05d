/* A binary literal (GNU C, C23), 0b1010, as a count, and a digit-separated hex mask. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype ten, masked;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(0b1010, MPI_FLOAT, &ten);
    MPI_Type_contiguous(0xFF & 0x0b, MPI_FLOAT, &masked);
    MPI_Type_free(&masked);
    MPI_Type_free(&ten);
    MPI_Finalize();
    return 0;
}
