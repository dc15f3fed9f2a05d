/*
 * One-sided access: every rank exposes a row-major matrix in a window and
 * reads one column of its right neighbour's matrix with MPI_Get, the target
 * datatype being a committed column vector.
 */
#include <mpi.h>
#include <stdio.h>

#define N 20

static double mat[N][N];
static double col[N];

int main(int argc, char **argv)
{
    int          rank, size, right;
    MPI_Win      win;
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            mat[i][j] = rank * 10000 + i * N + j;

    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    MPI_Win_create(mat, sizeof(mat), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_fence(0, win);
    MPI_Get(col, N, MPI_DOUBLE, right, 2, 1, column, win);
    MPI_Win_fence(0, win);
    printf("[%d] neighbour's column 2, row 3: %g\n", rank, col[3]);

    MPI_Win_free(&win);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
