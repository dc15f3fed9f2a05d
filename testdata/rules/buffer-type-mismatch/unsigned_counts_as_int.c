/*
 * buffer-type-mismatch (warning): the particle counts are unsigned int, but
 * the broadcast says MPI_INT.  The types have the same size and the bytes
 * arrive unchanged, but MPI-4.1 section 3.3.1 requires the datatype to match
 * the buffer: a reduction, or a conversion between representations, reads
 * every count of 2^31 or more as a negative number.
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

    MPI_Bcast(counts, NBIN, MPI_INT, 0, MPI_COMM_WORLD); /* expect: buffer-type-mismatch */
    printf("[%d] %u\n", rank, counts[1]);

    MPI_Finalize();
    return 0;
}
