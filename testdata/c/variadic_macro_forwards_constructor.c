/* A variadic wrapper macro that forwards its arguments to the constructor: BUILD(contiguous, ...). */
#include <mpi.h>

#define BUILD(kind, ...) MPI_Type_##kind(__VA_ARGS__)

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    BUILD(contiguous, 9, MPI_INT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
