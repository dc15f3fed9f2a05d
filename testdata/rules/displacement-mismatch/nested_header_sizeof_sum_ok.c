/*
 * displacement-mismatch, corrected twin of nested_header_sizeof_sum.c: the
 * displacements come from offsetof, which accounts for the header's padding.
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
    MPI_Aint     disp[3]  = {offsetof(struct snapshot, h.time), offsetof(struct snapshot, h.step),
                             offsetof(struct snapshot, nlocal)};
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

    MPI_Bcast(hist, NSNAP, snaptype, 0, MPI_COMM_WORLD);
    printf("[%d] step %d: %d local\n", rank, hist[7].h.step, hist[7].nlocal);

    MPI_Type_free(&snaptype);
    MPI_Finalize();
    return 0;
}
