/* Block lengths and displacements both taken from rows of 2-D tables in a loop over layouts. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[2][2] = {{1, 2}, {3, 1}};
    MPI_Aint     disps[2][2] = {{0, 16}, {8, 48}};
    MPI_Datatype a, b;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hindexed(2, lens[0], disps[0], MPI_DOUBLE, &a);
    MPI_Type_create_hindexed(2, lens[1], disps[1], MPI_DOUBLE, &b);
    MPI_Type_free(&b);
    MPI_Type_free(&a);
    MPI_Finalize();
    return 0;
}
