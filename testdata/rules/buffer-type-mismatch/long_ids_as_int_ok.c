/*
 * buffer-type-mismatch, corrected twin of long_ids_as_int.c: the long table
 * is broadcast as MPI_LONG.
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

    MPI_Bcast(elem_ids, NELEM, MPI_LONG, 0, MPI_COMM_WORLD);
    printf("[%d] id[1] = %ld\n", rank, elem_ids[1]);

    MPI_Finalize();
    return 0;
}
