/*
 * deprecated-api, corrected twin of mpi_version_branch_swapped.c: the removed
 * calls are in the branches only libraries older than MPI-3.0 compile
 * (`#if MPI_VERSION < 2`, the `#else` of `#if MPI_VERSION >= 3`), where they
 * are what those libraries have: not findings, and --fix leaves them alone.
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
#if MPI_VERSION < 2
    MPI_Type_extent(MPI_DOUBLE, &extent);
    MPI_Type_hvector(N, 1, extent, column, &transpose);
#else
    {
        MPI_Aint lb;
        MPI_Type_get_extent(MPI_DOUBLE, &lb, &extent);
        MPI_Type_create_hvector(N, 1, extent, column, &transpose);
    }
#endif
    MPI_Type_commit(&transpose);
    MPI_Bcast(a, 1, transpose, 0, MPI_COMM_WORLD);
#if MPI_VERSION >= 3
    {
        MPI_Aint lb;
        MPI_Type_get_extent(transpose, &lb, &extent);
    }
#elif defined(MPI_VERSION)
    MPI_Type_extent(transpose, &extent);
#endif
    printf("[%d] %g %ld\n", rank, a[N - 1][0], (long)extent);
    MPI_Type_free(&transpose);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
