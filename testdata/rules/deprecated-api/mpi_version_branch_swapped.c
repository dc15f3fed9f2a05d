/*
 * deprecated-api: the build selects the datatype calls by MPI_VERSION, but the
 * branches are swapped: libraries implementing MPI-2.0 or later compile the
 * removed MPI_Type_hvector and MPI_Type_extent, and only MPI-1 libraries the
 * replacements (which they lack).
 */
#include <mpi.h>
#include <stdio.h>

#define N 6

static double a[N][N];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Aint     extent;
    MPI_Datatype column, transpose;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = rank * 100 + i * N + j;

    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
#if MPI_VERSION >= 2
    MPI_Type_extent(MPI_DOUBLE, &extent); /* expect: deprecated-api */
    MPI_Type_hvector(N, 1, extent, column, &transpose); /* expect: deprecated-api */
#else
    {
        MPI_Aint lb;
        MPI_Type_get_extent(MPI_DOUBLE, &lb, &extent);
        MPI_Type_create_hvector(N, 1, extent, column, &transpose);
    }
#endif
    MPI_Type_commit(&transpose);
    MPI_Bcast(a, 1, transpose, 0, MPI_COMM_WORLD);
    printf("[%d] %g\n", rank, a[N - 1][0]);
    MPI_Type_free(&transpose);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
