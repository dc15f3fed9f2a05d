/*
 * Jacobi sweep on a statically sized grid.  Rows are contiguous; columns are
 * an MPI_Type_vector with stride NX+2.  Buffers point into the grid
 * (&grid[1][col]) as in the classic hand-written halo exchange.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 64
#define NY 48

static double grid[NY + 2][NX + 2];
static double next[NY + 2][NX + 2];

static void exchange(MPI_Comm comm, MPI_Datatype column, MPI_Datatype row,
                     int up, int down, int left, int right)
{
    /* rows: interior row 1 goes up, ghost row NY+1 comes from below */
    MPI_Sendrecv(&grid[1][1], 1, row, up, 10,
                 &grid[NY + 1][1], 1, row, down, 10, comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&grid[NY][1], 1, row, down, 11,
                 &grid[0][1], 1, row, up, 11, comm, MPI_STATUS_IGNORE);
    /* columns */
    MPI_Sendrecv(&grid[1][1], 1, column, left, 12,
                 &grid[1][NX + 1], 1, column, right, 12, comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&grid[1][NX], 1, column, right, 13,
                 &grid[1][0], 1, column, left, 13, comm, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int          rank, up, down, left, right, it;
    MPI_Datatype column, row;
    double       diff = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* single process, periodic in both directions */
    up = down = left = right = rank;

    for (int j = 0; j < NY + 2; j++)
        for (int i = 0; i < NX + 2; i++)
            grid[j][i] = (double)((i * 7 + j * 13) % 17) / 17.0;

    MPI_Type_vector(NY, 1, NX + 2, MPI_DOUBLE, &column);
    MPI_Type_contiguous(NX, MPI_DOUBLE, &row);
    MPI_Type_commit(&column);
    MPI_Type_commit(&row);

    for (it = 0; it < 10; it++) {
        exchange(MPI_COMM_WORLD, column, row, up, down, left, right);
        diff = 0.0;
        for (int j = 1; j <= NY; j++)
            for (int i = 1; i <= NX; i++) {
                next[j][i] = 0.25 * (grid[j - 1][i] + grid[j + 1][i] +
                                     grid[j][i - 1] + grid[j][i + 1]);
                diff += next[j][i] > grid[j][i] ? next[j][i] - grid[j][i]
                                                : grid[j][i] - next[j][i];
            }
        for (int j = 1; j <= NY; j++)
            for (int i = 1; i <= NX; i++)
                grid[j][i] = next[j][i];
    }
    MPI_Allreduce(MPI_IN_PLACE, &diff, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("residual after %d sweeps: %.6e\n", it, diff);

    MPI_Type_free(&row);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
