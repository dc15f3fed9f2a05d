/*
 * buffer-type-mismatch, corrected twin of unsigned_counts_as_int.c: the
 * broadcast describes the counts as MPI_UNSIGNED.
 */
#include <mpi.h>
#include <stdio.h>

#define NBIN 32

static unsigned int counts[NBIN];

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NBIN; i++)
            counts[i] = 3000000000u + (unsigned int)i;

    MPI_Bcast(counts, NBIN, MPI_UNSIGNED, 0, MPI_COMM_WORLD);
    printf("[%d] %u\n", rank, counts[1]);

    MPI_Finalize();
    return 0;
}
