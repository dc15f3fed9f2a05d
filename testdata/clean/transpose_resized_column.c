/*
 * Local transpose through the datatype engine: the column type of a
 * row-major N x N matrix is resized to one double, so N of them, received
 * back to back, write the columns of b as the rows of a.
 */
#include <mpi.h>
#include <stdio.h>

#define N 50

static double a[N][N], b[N][N];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, col;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = i * N + j;

    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(double), &col);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&col);

    /* row i of a -> column i of b */
    MPI_Sendrecv(a, N * N, MPI_DOUBLE, rank, 0, b, N, col, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] b[3][2] = %g, a[2][3] = %g\n", rank, b[3][2], a[2][3]);

    MPI_Type_free(&col);
    MPI_Finalize();
    return 0;
}
