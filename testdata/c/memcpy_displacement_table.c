/* Displacements copied from a constant table with memcpy before the indexed type is built. */
#include <mpi.h>
#include <string.h>

static const int layout[3] = {2, 7, 12};

int main(int argc, char **argv)
{
    int          lens[3] = {2, 2, 2}, disps[3];
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    memcpy(disps, layout, sizeof disps);
    MPI_Type_indexed(3, lens, disps, MPI_SHORT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
