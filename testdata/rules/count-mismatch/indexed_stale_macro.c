/*
 * count-mismatch: the boundary index lists are sized with the old macro
 * NBND_OLD (4 entries) while the constructor uses the new block count NBND
 * (6): MPI_Type_indexed reads two block lengths and displacements past the
 * ends of the arrays.
 */
#include <mpi.h>
#include <stdio.h>

#define NBND_OLD 4
#define NBND 6
#define NV 200

static double v[NV];

int main(int argc, char **argv)
{
    int          rank, packsize;
    MPI_Datatype bnd;
    int          blens[NBND_OLD] = {4, 4, 8, 8};
    int          displs[NBND_OLD] = {0, 20, 60, 100};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NV; i++)
        v[i] = i;

    MPI_Type_indexed(NBND, blens, displs, MPI_DOUBLE, &bnd); /* expect: count-mismatch */
    MPI_Type_commit(&bnd);
    MPI_Pack_size(1, bnd, MPI_COMM_WORLD, &packsize);
    printf("[%d] boundary needs %d bytes\n", rank, packsize);

    MPI_Type_free(&bnd);
    MPI_Finalize();
    return 0;
}
