/*
 * invalid-argument: the interior of a local block is NLOC - 2*NGHOST rows;
 * with the small test configuration (NLOC 4, NGHOST 3) that is -2, and
 * MPI_Type_vector rejects a negative count (MPI_ERR_COUNT).
 */
#include <mpi.h>
#include <stdio.h>

#define NLOC 4
#define NGHOST 3
#define NXT 16

static double blk[NLOC][NXT];
static double buf[NLOC * NXT];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype inner;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NLOC; j++)
        for (int i = 0; i < NXT; i++)
            blk[j][i] = j * NXT + i;

    MPI_Type_vector(NLOC - 2 * NGHOST, NXT, NXT, MPI_DOUBLE, &inner); /* expect: invalid-argument */
    MPI_Type_commit(&inner);
    MPI_Sendrecv(&blk[0][0], 1, inner, rank, 0, buf, NLOC * NXT, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, buf[0]);

    MPI_Type_free(&inner);
    MPI_Finalize();
    return 0;
}
