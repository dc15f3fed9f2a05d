/*
 * Datatypes built and committed in helper functions and handed back through
 * an output argument; the caller owns them and frees them at the end.
 */
#include <mpi.h>
#include <stdio.h>

#define N 32

static double a[N][N];
static double rowbuf[N], colbuf[N];

static void make_row_type(int n, MPI_Datatype *row)
{
    MPI_Type_contiguous(n, MPI_DOUBLE, row);
    MPI_Type_commit(row);
}

static MPI_Datatype make_col_type(int n, int ld)
{
    MPI_Datatype col;
    MPI_Type_vector(n, 1, ld, MPI_DOUBLE, &col);
    MPI_Type_commit(&col);
    return col;
}

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype row, col;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = i - j;

    make_row_type(N, &row);
    col = make_col_type(N, N);

    MPI_Sendrecv(&a[3][0], 1, row, rank, 0, rowbuf, N, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&a[0][3], 1, col, rank, 1, colbuf, N, MPI_DOUBLE, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g %g\n", rank, rowbuf[5], colbuf[5]);

    MPI_Type_free(&col);
    MPI_Type_free(&row);
    MPI_Finalize();
    return 0;
}
