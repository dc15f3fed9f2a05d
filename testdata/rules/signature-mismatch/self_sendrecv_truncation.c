/*
 * signature-mismatch: periodic boundary in a 1-process run.  The ghost layer
 * is NG cells wide but the send uses the full boundary-region width NB: 6
 * doubles are sent into a receive of 4, a truncation error
 * (MPI_ERR_TRUNCATE).
 */
#include <mpi.h>
#include <stdio.h>

#define N  100
#define NG 4
#define NB 6

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
    MPI_Sendrecv(&u[N], NB, MPI_DOUBLE, rank, 1, &u[0], 1, ghost, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: signature-mismatch */
    printf("[%d] u[0] = %g\n", rank, u[0]);

    MPI_Type_free(&ghost);
    MPI_Finalize();
    return 0;
}
