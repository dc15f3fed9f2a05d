/* Character literals as numbers: 'z' - 'a' + 1 letters, and '\n' (ten) as a count. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype alphabet, ten;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous('z' - 'a' + 1, MPI_CHAR, &alphabet);
    MPI_Type_contiguous('\n', MPI_CHAR, &ten);
    MPI_Type_free(&ten);
    MPI_Type_free(&alphabet);
    MPI_Finalize();
    return 0;
}
