/* The MPI datatype chosen by token pasting: `#define MPITYPE(T) MPI_##T`. */
#include <mpi.h>

#define MPITYPE(T) MPI_##T
#define VEC_OF(T, n, out) MPI_Type_contiguous(n, MPITYPE(T), out)

int main(int argc, char **argv)
{
    MPI_Datatype dbl, ints;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(5, MPITYPE(DOUBLE), &dbl);
    VEC_OF(INT, 7, &ints);
    MPI_Type_free(&ints);
    MPI_Type_free(&dbl);
    MPI_Finalize();
    return 0;
}
