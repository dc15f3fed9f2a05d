/*
 * invalid-argument, corrected twin of negative_interior_count.c: the test
 * configuration has NLOC 8 and NGHOST 3, so the interior has 2 rows, starting
 * after the ghost rows.
 */
#include <mpi.h>
#include <stdio.h>

#define NLOC 8
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

    MPI_Type_vector(NLOC - 2 * NGHOST, NXT, NXT, MPI_DOUBLE, &inner);
    MPI_Type_commit(&inner);
    MPI_Sendrecv(&blk[NGHOST][0], 1, inner, rank, 0, buf, (NLOC - 2 * NGHOST) * NXT, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, buf[0]);

    MPI_Type_free(&inner);
    MPI_Finalize();
    return 0;
}
