/*
 * invalid-argument: corrected twin of in_place_receive_type_null.c: the receive
 * type of MPI_Allgather is MPI_DOUBLE.  MPI ignores the send count and type
 * beside MPI_IN_PLACE, the receive arguments of MPI_Gather and the send
 * arguments of MPI_Scatter on the processes that are not the root, and the
 * receive buffer of MPI_Reduce there.
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

    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, NLOCAL, MPI_DOUBLE, MPI_COMM_WORLD);

    if (rank == 0)
        MPI_Gather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, NLOCAL, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    else
        MPI_Gather(mine, NLOCAL, MPI_DOUBLE, NULL, 0, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD);

    if (rank == 0)
        MPI_Scatter(all, NLOCAL, MPI_DOUBLE, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD);
    else
        MPI_Scatter(NULL, 0, MPI_DATATYPE_NULL, mine, NLOCAL, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    if (rank == 0)
        MPI_Reduce(MPI_IN_PLACE, mine, NLOCAL, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    else
        MPI_Reduce(mine, NULL, NLOCAL, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

    printf("[%d] %g\n", rank, mine[NLOCAL - 1]);
    free(all);
    MPI_Finalize();
    return 0;
}
