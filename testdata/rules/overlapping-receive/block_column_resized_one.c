/*
 * overlapping-receive: 2-column blocks of a row-major matrix are received
 * with a count.  The block type (2 doubles per row) was resized to the
 * extent of ONE double -- copied from the single-column code -- so block
 * k+1 starts in the second column of block k and the blocks overlap.
 */
#include <mpi.h>
#include <stdio.h>

#define N 16
#define NBLK (N / 2)

static double a[N][N];
static double src[N * N];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, blockcol;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N * N; i++)
        src[i] = i;

    MPI_Type_vector(N, 2, N, MPI_DOUBLE, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(double), &blockcol);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&blockcol);

    MPI_Sendrecv(src, N * N, MPI_DOUBLE, rank, 2, a, NBLK, blockcol, rank, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: overlapping-receive */
    printf("[%d] a[0][1] = %g\n", rank, a[0][1]);

    MPI_Type_free(&blockcol);
    MPI_Finalize();
    return 0;
}
