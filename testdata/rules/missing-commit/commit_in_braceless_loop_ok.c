/*
 * missing-commit, fixed: the commit is in the loop, next to the constructor,
 * in braces.
 */
#include <mpi.h>
#include <stdio.h>

#define N 8

static double a[N][N];
static double col[N];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = i * N + j;

    for (int pass = 0; pass < 1; pass++) {
        MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column); /* one column */
        MPI_Type_commit(&column);
    }
    MPI_Sendrecv(&a[0][0], 1, column, rank, 7, col, N, MPI_DOUBLE, rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (col[1] != N)
        fprintf(stderr, "[%d] wrong column\n", rank);

    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
