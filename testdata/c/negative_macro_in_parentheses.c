/* A negative stride from a parenthesised macro, `#define BACK (-4)`: the vector walks backwards. */
#include <mpi.h>

#define BACK (-4)

int main(int argc, char **argv)
{
    MPI_Datatype backwards;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(3, 2, BACK, MPI_FLOAT, &backwards);
    MPI_Type_free(&backwards);
    MPI_Finalize();
    return 0;
}
