/* limits.h constants in sizes: INT_MAX / 100000000 (21) elements, CHAR_BIT * 2 bytes. */
#include <limits.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype a, b;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(INT_MAX / 100000000, MPI_INT, &a);
    MPI_Type_contiguous(CHAR_BIT * 2, MPI_BYTE, &b);
    MPI_Type_free(&b);
    MPI_Type_free(&a);
    MPI_Finalize();
    return 0;
}
