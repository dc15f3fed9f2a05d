/*
 * count-mismatch, corrected twin of indexed_stale_macro.c: the index lists
 * are sized with the same macro as the count.
 */
#include <mpi.h>
#include <stdio.h>

#define NBND 6
#define NV 200

static double v[NV];

int main(int argc, char **argv)
{
    int          rank, packsize;
    MPI_Datatype bnd;
    int          blens[NBND]  = {4, 4, 8, 8, 2, 2};
    int          displs[NBND] = {0, 20, 60, 100, 150, 190};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NV; i++)
        v[i] = i;

    MPI_Type_indexed(NBND, blens, displs, MPI_DOUBLE, &bnd);
    MPI_Type_commit(&bnd);
    MPI_Pack_size(1, bnd, MPI_COMM_WORLD, &packsize);
    printf("[%d] boundary needs %d bytes\n", rank, packsize);

    MPI_Type_free(&bnd);
    MPI_Finalize();
    return 0;
}
