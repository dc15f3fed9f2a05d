/* Sizes written with shifts and bit operations: 1 << 4, (64 >> 2) | 1, ~0 & 7, 5 ^ 3. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(1 << 4, (64 >> 2) | 1, (~0 & 7) * (5 ^ 3), MPI_CHAR, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
