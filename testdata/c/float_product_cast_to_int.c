/* Floating arithmetic converted to int: half of N rows, `(int)(N * 0.5)`. */
#include <mpi.h>

#define N 37

int main(int argc, char **argv)
{
    MPI_Datatype half;

    MPI_Init(&argc, &argv);
    MPI_Type_vector((int)(N * 0.5), 1, N, MPI_DOUBLE, &half);
    MPI_Type_free(&half);
    MPI_Finalize();
    return 0;
}
