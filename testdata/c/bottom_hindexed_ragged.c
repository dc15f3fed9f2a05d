/*
 * Ragged per-level arrays (one malloc per AMR level) sent in one message:
 * absolute addresses from MPI_Get_address in an hindexed type, with
 * MPI_BOTTOM as the buffer.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NLEVEL 4

int main(int argc, char **argv)
{
    int          rank, ncell[NLEVEL], total = 0;
    double      *level[NLEVEL], *flat;
    int          blen[NLEVEL];
    MPI_Aint     addr[NLEVEL];
    MPI_Datatype levels_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (int l = 0; l < NLEVEL; l++) {
        ncell[l] = 16 << (2 * l);     /* 16, 64, 256, 1024 */
        level[l] = malloc(ncell[l] * sizeof(double));
        for (int c = 0; c < ncell[l]; c++)
            level[l][c] = l + c * 1e-4;
        MPI_Get_address(level[l], &addr[l]);
        blen[l] = ncell[l];
        total += ncell[l];
    }

    MPI_Type_create_hindexed(NLEVEL, blen, addr, MPI_DOUBLE, &levels_t);  /* unknowable: the
       displacements are the absolute addresses of four separate malloc blocks */
    MPI_Type_commit(&levels_t);

    flat = malloc(total * sizeof(double));
    MPI_Sendrecv(MPI_BOTTOM, 1, levels_t, rank, 0, flat, total, MPI_DOUBLE, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (flat[total - 1] != level[NLEVEL - 1][ncell[NLEVEL - 1] - 1] || flat[16] != 1.0) {
        fprintf(stderr, "level data garbled\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&levels_t);
    free(flat);
    for (int l = 0; l < NLEVEL; l++)
        free(level[l]);
    MPI_Finalize();
    return 0;
}
