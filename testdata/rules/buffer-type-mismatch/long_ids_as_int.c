/*
 * buffer-type-mismatch: the element ids were widened to long, but the
 * broadcast of the id table still says MPI_INT.  NELEM ints cover only the
 * first half of the table, and every long is assembled from two ints.
 */
#include <mpi.h>
#include <stdio.h>

#define NELEM 128

static long elem_ids[NELEM];

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NELEM; i++)
            elem_ids[i] = 10000000000L + i;

    MPI_Bcast(elem_ids, NELEM, MPI_INT, 0, MPI_COMM_WORLD); /* expect: buffer-type-mismatch */
    printf("[%d] id[1] = %ld\n", rank, elem_ids[1]);

    MPI_Finalize();
    return 0;
}
