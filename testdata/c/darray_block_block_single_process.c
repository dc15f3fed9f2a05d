/* A BLOCK x BLOCK darray over a 1 x 1 process grid: the whole 12 x 9 array, for MPI-IO. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          gsizes[2] = {12, 9}, psizes[2] = {1, 1};
    int          distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int          dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    MPI_Datatype filetype;

    MPI_Init(&argc, &argv);
    MPI_Type_create_darray(1, 0, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_FLOAT,
                           &filetype);
    MPI_Type_free(&filetype);
    MPI_Finalize();
    return 0;
}
