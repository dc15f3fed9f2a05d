/*
 * Upper triangle (diagonal included) of a row-major N x N matrix, packed into
 * a contiguous vector with an MPI_Type_indexed whose block lengths and
 * displacements are filled in a loop with constant bounds.
 */
#include <mpi.h>
#include <stdio.h>

#define N 24

static double m[N][N];
static double tri[N * (N + 1) / 2];

int main(int argc, char **argv)
{
    int          rank;
    int          blens[N], displs[N];
    MPI_Datatype upper;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m[i][j] = i <= j ? i * N + j : -1.0;

    for (int i = 0; i < N; i++) {
        blens[i] = N - i;
        displs[i] = i * N + i;
    }
    MPI_Type_indexed(N, blens, displs, MPI_DOUBLE, &upper);
    MPI_Type_commit(&upper);

    MPI_Sendrecv(m, 1, upper, rank, 0, tri, N * (N + 1) / 2, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] tri[N] = %g (m[1][1] = %g)\n", rank, tri[N], m[1][1]);

    MPI_Type_free(&upper);
    MPI_Finalize();
    return 0;
}
