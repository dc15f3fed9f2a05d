/*
 * missing-commit, corrected twin of commit_on_sender_only.c: the commit is
 * under the test that selects both sides of the exchange, and so is the
 * exchange, in a second `if` on the same unchanged variable: every process
 * that uses the type has committed it.  A second type is committed and used
 * only when a helper, which the analysis does not see, says so.
 */
#include <mpi.h>
#include <stdio.h>

#define N 8

static double grid[N][N];

int main(int argc, char **argv)
{
    int          rank, size, have_peer, diagonal_wanted;
    MPI_Datatype column, diagonal;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    have_peer = size > 1;
    MPI_Initialized(&diagonal_wanted);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            grid[i][j] = rank * 100 + i * N + j;

    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
    if (have_peer)
        MPI_Type_commit(&column);
    if (have_peer) {
        if (rank == 0)
            MPI_Send(&grid[0][0], 1, column, 1, 0, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(&grid[0][N - 1], 1, column, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    MPI_Type_vector(N, 1, N + 1, MPI_DOUBLE, &diagonal);
    if (diagonal_wanted)
        MPI_Type_commit(&diagonal);
    if (!diagonal_wanted)
        printf("[%d] no diagonal\n", rank);
    else
        MPI_Bcast(&grid[0][0], 1, diagonal, 0, MPI_COMM_WORLD);

    printf("[%d] %g\n", rank, grid[N - 1][N - 1]);
    MPI_Type_free(&diagonal);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
