/*
 * overlapping-receive: neighbour pairs (i, i+1) are gathered with a vector
 * of 2-element blocks whose stride was written as 1 instead of 2: block k
 * covers ints k and k+1, so consecutive blocks share an int.  Fine for a
 * send (a sliding window), erroneous for a receive.
 */
#include <mpi.h>
#include <stdio.h>

#define NPAIR 16

static int pairs_in[2 * NPAIR];
static int src[2 * NPAIR];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype pairs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 2 * NPAIR; i++)
        src[i] = i;

    MPI_Type_vector(NPAIR, 2, 1, MPI_INT, &pairs);
    MPI_Type_commit(&pairs);
    MPI_Sendrecv(src, 2 * NPAIR, MPI_INT, rank, 6, pairs_in, 1, pairs, rank, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: overlapping-receive */
    printf("[%d] %d\n", rank, pairs_in[1]);

    MPI_Type_free(&pairs);
    MPI_Finalize();
    return 0;
}
