/*
 * displacement-mismatch: time-series snapshots.  The displacements are sums
 * of field sizes, which misses the 4 bytes of tail padding of the nested
 * header (sizeof(struct header) is 16, not 12): the block for the two
 * counters starts at 12, in the padding, instead of at offset 16.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NSNAP 50

struct header {
    double time;
    int    step;
};

struct snapshot {
    struct header h;
    int           nlocal;
    int           nghost;
};

static struct snapshot hist[NSNAP];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, snaptype;
    int          bl[3]    = {1, 1, 2};
    MPI_Aint     disp[3]  = {0, sizeof(double), sizeof(double) + sizeof(int)};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_INT, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NSNAP; i++) {
            hist[i].h.time = 0.01 * i;
            hist[i].h.step = i;
            hist[i].nlocal = 1000 + i;
            hist[i].nghost = 64;
        }

    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct snapshot), &snaptype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&snaptype);

    MPI_Bcast(hist, NSNAP, snaptype, 0, MPI_COMM_WORLD); /* expect: displacement-mismatch */
    printf("[%d] step %d: %d local\n", rank, hist[7].h.step, hist[7].nlocal);

    MPI_Type_free(&snaptype);
    MPI_Finalize();
    return 0;
}
