/* A Fortran-order darray, BLOCK over the first dimension and NONE over the second, rank 2 of 4. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          gsizes[2] = {16, 5}, psizes[2] = {4, 1};
    int          distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_NONE};
    int          dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    MPI_Datatype mine;

    MPI_Init(&argc, &argv);
    MPI_Type_create_darray(4, 2, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_FORTRAN, MPI_INT,
                           &mine);
    MPI_Type_free(&mine);
    MPI_Finalize();
    return 0;
}
