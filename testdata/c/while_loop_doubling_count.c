/* A while loop doubles the block until it exceeds a limit; the vector uses the result. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          block = 3, steps = 0;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    while (block < 40) {
        block *= 2;
        steps++;
    }
    MPI_Type_vector(steps, block, block + 1, MPI_SHORT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
