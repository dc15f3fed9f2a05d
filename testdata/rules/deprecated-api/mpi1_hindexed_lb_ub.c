/*
 * deprecated-api: lower triangle (diagonal included) of a row-major matrix
 * as ragged rows with byte displacements, MPI-1 style: MPI_Type_hindexed,
 * and MPI_Type_lb / MPI_Type_ub to report the span of the type.
 */
#include <mpi.h>
#include <stdio.h>

#define N 40

static double m[N][N];
static double packed[N * (N + 1) / 2];

int main(int argc, char **argv)
{
    int          rank;
    int          blens[N];
    MPI_Aint     disps[N], lb, ub;
    MPI_Datatype lower;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m[i][j] = i >= j ? 1.0 + i + j : 0.0;

    for (int i = 0; i < N; i++) {
        blens[i] = i + 1;
        disps[i] = (MPI_Aint)(i * N * sizeof(double));
    }
    MPI_Type_hindexed(N, blens, disps, MPI_DOUBLE, &lower); /* expect: deprecated-api */
    MPI_Type_commit(&lower);
    MPI_Type_lb(lower, &lb); /* expect: deprecated-api */
    MPI_Type_ub(lower, &ub); /* expect: deprecated-api */
    printf("[%d] lower triangle spans bytes %ld..%ld\n", rank, (long)lb, (long)ub);

    MPI_Sendrecv(m, 1, lower, rank, 5, packed, N * (N + 1) / 2, MPI_DOUBLE, rank, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] packed[2] = %g\n", rank, packed[2]);

    MPI_Type_free(&lower);
    MPI_Finalize();
    return 0;
}
