/* A CYCLIC(2) darray as rank 1 of a 3-process 1-D grid: every third pair of 20 doubles. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          gsize = 20, distrib = MPI_DISTRIBUTE_CYCLIC, darg = 2, psize = 3;
    MPI_Datatype mine;

    MPI_Init(&argc, &argv);
    MPI_Type_create_darray(3, 1, 1, &gsize, &distrib, &darg, &psize,
                           MPI_ORDER_C, MPI_DOUBLE, &mine);
    MPI_Type_free(&mine);
    MPI_Finalize();
    return 0;
}
