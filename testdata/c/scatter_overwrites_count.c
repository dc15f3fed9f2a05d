/* Each process's count comes from the root's table through MPI_Scatter. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int          nprocs, mine = 1, *table;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    table = malloc(nprocs * sizeof(int));
    for (int p = 0; p < nprocs; p++)
        table[p] = 6 + p;
    MPI_Scatter(table, 1, MPI_INT, &mine, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Type_contiguous(mine, MPI_SHORT, &t);  /* unknowable: mine is written by MPI_Scatter */
    MPI_Type_free(&t);
    free(table);
    MPI_Finalize();
    return 0;
}
