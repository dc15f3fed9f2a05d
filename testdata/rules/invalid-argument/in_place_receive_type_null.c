/*
 * invalid-argument: MPI_IN_PLACE makes MPI ignore the send count and type of
 * MPI_Allgather, not the receive ones.  Here the receive type is
 * MPI_DATATYPE_NULL as well: every process fails.  The rooted collectives
 * beside it are correct: the receive arguments of MPI_Gather and the send
 * arguments of MPI_Scatter are read at the root only, and the root passes
 * MPI_IN_PLACE for its own block.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NLOCAL 4

int main(int argc, char **argv)
{
    int     rank, size;
    double  mine[NLOCAL];
    double *all;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    all = malloc(sizeof(double) * NLOCAL * size);
    for (int i = 0; i < NLOCAL; i++)
        all[rank * NLOCAL + i] = mine[i] = rank + 0.25 * i;

    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, NLOCAL, MPI_DATATYPE_NULL, MPI_COMM_WORLD); /* expect: invalid-argument */

    if (rank == 0)
        MPI_Gather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, NLOCAL, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    else
        MPI_Gather(mine, NLOCAL, MPI_DOUBLE, NULL, 0, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD);

    if (rank == 0)
        MPI_Scatter(all, NLOCAL, MPI_DOUBLE, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD);
    else
        MPI_Scatter(NULL, 0, MPI_DATATYPE_NULL, mine, NLOCAL, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    printf("[%d] %g\n", rank, mine[NLOCAL - 1]);
    free(all);
    MPI_Finalize();
    return 0;
}
