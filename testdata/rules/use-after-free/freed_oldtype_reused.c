/*
 * use-after-free: a row type is freed once the row exchange is done, then a
 * later phase builds a block-of-rows type on top of it.  A freed handle is
 * MPI_DATATYPE_NULL and cannot be an old type.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 20
#define NY 16
#define NB 4

static double g[NY][NX];
static double blk[NB * NX];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype row, rows;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
            g[j][i] = j * 100 + i;

    /* phase 1: single rows */
    MPI_Type_contiguous(NX, MPI_DOUBLE, &row);
    MPI_Type_commit(&row);
    MPI_Sendrecv(&g[0][0], 1, row, rank, 1, blk, NX, MPI_DOUBLE, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&row);

    /* phase 2: every other row, NB of them */
    MPI_Type_vector(NB, 1, 2, row, &rows); /* expect: use-after-free */
    MPI_Type_commit(&rows);
    MPI_Sendrecv(&g[0][0], 1, rows, rank, 2, blk, NB * NX, MPI_DOUBLE, rank, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, blk[NX]);

    MPI_Type_free(&rows);
    MPI_Finalize();
    return 0;
}
