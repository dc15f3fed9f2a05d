/*
 * deprecated-api, corrected twin of mpi1_hvector_transpose.c:
 * MPI_Type_get_extent and MPI_Type_create_hvector.
 */
#include <mpi.h>
#include <stdio.h>

#define N 100

static double a[N][N], b[N][N];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Aint     lb, sizeofdouble;
    MPI_Datatype column, xpose;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = i * N + j;

    MPI_Type_get_extent(MPI_DOUBLE, &lb, &sizeofdouble);
    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
    MPI_Type_create_hvector(N, 1, sizeofdouble, column, &xpose);
    MPI_Type_commit(&xpose);

    /* send a column by column, receive row-major: b = transpose(a) */
    MPI_Sendrecv(a, 1, xpose, rank, 0, b, N * N, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] b[2][3] = %g (a[3][2] = %g)\n", rank, b[2][3], a[3][2]);

    MPI_Type_free(&xpose);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
