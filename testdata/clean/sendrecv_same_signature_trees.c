/*
 * Matching signatures through different type trees: rank 0 sends a block of
 * rows as one vector type; rank 1 receives them as a count of contiguous
 * row types; a self Sendrecv moves NPAIR x contiguous(2, MPI_INT) into
 * 2*NPAIR plain MPI_INTs.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 12
#define NY 10
#define NR 4
#define NPAIR 8

static double grid[NY][NX];
static double rows_in[NR][NX];
static int    ipairs[NPAIR][2];
static int    iflat[2 * NPAIR];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype every_other_row, row, pair;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
            grid[j][i] = j * NX + i;
    for (int k = 0; k < NPAIR; k++) {
        ipairs[k][0] = k;
        ipairs[k][1] = -k;
    }

    MPI_Type_vector(NR, NX, 2 * NX, MPI_DOUBLE, &every_other_row);
    MPI_Type_contiguous(NX, MPI_DOUBLE, &row);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&every_other_row);
    MPI_Type_commit(&row);
    MPI_Type_commit(&pair);

    MPI_Sendrecv(ipairs, NPAIR, pair, rank, 1, iflat, 2 * NPAIR, MPI_INT, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (rank == 0) {
        MPI_Send(grid, 1, every_other_row, 1, 2, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(rows_in, NR, row, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] rows_in[1][0] = %g\n", rows_in[1][0]);
    }
    printf("[%d] iflat[3] = %d\n", rank, iflat[3]);

    MPI_Type_free(&pair);
    MPI_Type_free(&row);
    MPI_Type_free(&every_other_row);
    MPI_Finalize();
    return 0;
}
