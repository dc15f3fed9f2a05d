/* Negative entries in a displacement array initialiser: a block before the buffer's start. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[3] = {1, 1, 2};
    MPI_Aint     disps[3] = {-16, -8, 24};
    MPI_Datatype around;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hindexed(3, lens, disps, MPI_DOUBLE, &around);
    MPI_Type_free(&around);
    MPI_Finalize();
    return 0;
}
