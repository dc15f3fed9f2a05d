/* File-scope initialised tables of block lengths and displacements. */
#include <mpi.h>

static int      lens[4] = {1, 2, 1, 2};
static MPI_Aint disps[4] = {0, 16, 48, 64};

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hindexed(4, lens, disps, MPI_DOUBLE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
