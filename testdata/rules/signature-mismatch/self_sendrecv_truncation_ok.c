/*
 * signature-mismatch, corrected twin of self_sendrecv_truncation.c: NG doubles
 * are sent into one ghost type (contiguous(NG, MPI_DOUBLE)): same signature
 * through different type trees.
 */
#include <mpi.h>
#include <stdio.h>

#define N  100
#define NG 4

static double u[N + 2 * NG];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype ghost;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N + 2 * NG; i++)
        u[i] = i;

    MPI_Type_contiguous(NG, MPI_DOUBLE, &ghost);
    MPI_Type_commit(&ghost);

    /* right interior edge -> left ghost cells */
    MPI_Sendrecv(&u[N], NG, MPI_DOUBLE, rank, 1, &u[0], 1, ghost, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] u[0] = %g\n", rank, u[0]);

    MPI_Type_free(&ghost);
    MPI_Finalize();
    return 0;
}
