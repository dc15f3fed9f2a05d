/* Escaped character literals: '\x10' (16), '\020' (16), '0' (48) minus '\0'. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype hex, oct, digit;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous('\x10', MPI_BYTE, &hex);
    MPI_Type_vector(2, '\020', 20, MPI_BYTE, &oct);
    MPI_Type_contiguous('0' - '\0', MPI_BYTE, &digit);
    MPI_Type_free(&digit);
    MPI_Type_free(&oct);
    MPI_Type_free(&hex);
    MPI_Finalize();
    return 0;
}
