/*
 * Not a finding: a helper takes its buffer as `char *`, the C idiom for raw
 * memory, and the caller passes an array of {short, int} pairs described as
 * MPI_SHORT_INT.  The pointer's type says nothing about what the memory holds;
 * the datatype does.
 */
#include <mpi.h>
#include <stdio.h>

struct short_int {
    short value;
    int   index;
};

static void exchange(char *bytes, int count, MPI_Datatype type, int rank)
{
    MPI_Sendrecv_replace(bytes, count, type, rank, 0, rank, 0, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int              rank;
    struct short_int pairs[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 4; i++) {
        pairs[i].value = (short) i;
        pairs[i].index = rank;
    }
    exchange((char *) pairs, 4, MPI_SHORT_INT, rank);
    printf("[%d] %d\n", rank, pairs[3].value);
    MPI_Finalize();
    return 0;
}
