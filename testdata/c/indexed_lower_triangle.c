/*
 * Copy the strictly lower triangular part of a dense matrix (cf. MPI-2.2
 * Example 4.14, in C row-major order).  Block lengths and displacements are
 * filled in a loop; IDX() is the flat row-major index.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define N 64
#define NX N
#define IDX(i, j) ((i) * NX + (j))

double a[N * N], b[N * N];

int main(int argc, char **argv)
{
    int          disp[N], blocklen[N];
    int          i, j, rank;
    MPI_Datatype ltype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            a[IDX(i, j)] = i - j;
    memset(b, 0, sizeof b);

    /* row i contributes columns 0..i-1 */
    for (i = 0; i < N; i++) {
        disp[i] = IDX(i, 0);
        blocklen[i] = i;
    }

    /* create datatype for lower triangular part */
    MPI_Type_indexed(N, blocklen, disp, MPI_DOUBLE, &ltype);
    MPI_Type_commit(&ltype);
    MPI_Sendrecv(a, 1, ltype, rank, 0, b, 1, ltype, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            if (b[IDX(i, j)] != (j < i ? a[IDX(i, j)] : 0.0)) {
                fprintf(stderr, "b(%d,%d) = %g\n", i, j, b[IDX(i, j)]);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }

    MPI_Type_free(&ltype);
    MPI_Finalize();
    return 0;
}
