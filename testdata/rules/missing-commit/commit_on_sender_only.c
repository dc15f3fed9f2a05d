/*
 * missing-commit (warning): the column type is committed under the test that
 * selects the sender, but the receiver uses it too.  Rank 1 receives with an
 * uncommitted type.  The send is fine: it is under the same unchanged test
 * (rank == 0) as the commit.
 */
#include <mpi.h>
#include <stdio.h>

#define N 8

static double grid[N][N];

int main(int argc, char **argv)
{
    int          rank, size, have_peer;
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    have_peer = size > 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            grid[i][j] = rank * 100 + i * N + j;

    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
    if (rank == 0)
        MPI_Type_commit(&column);
    if (have_peer) {
        if (rank == 0)
            MPI_Send(&grid[0][0], 1, column, 1, 0, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(&grid[0][N - 1], 1, column, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: missing-commit */
    }
    printf("[%d] %g\n", rank, grid[N - 1][N - 1]);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
