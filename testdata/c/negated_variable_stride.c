/* A stride that is a negated variable, `-step`, and a doubly negated literal count `-(-3)`. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          step = 5;
    MPI_Datatype reversed;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(-(-3), 1, -step, MPI_INT, &reversed);
    MPI_Type_free(&reversed);
    MPI_Finalize();
    return 0;
}
