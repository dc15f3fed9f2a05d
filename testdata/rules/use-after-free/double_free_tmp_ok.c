/*
 * use-after-free, corrected twin of double_free_tmp.c: each handle is freed
 * exactly once.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NC 100

struct cell {
    double rho;
    double mom[3];
    double energy;
    int    flags;
};

static struct cell cells[NC];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, celltype;
    int          bl[4]    = {1, 3, 1, 1};
    MPI_Aint     disp[4]  = {offsetof(struct cell, rho), offsetof(struct cell, mom),
                             offsetof(struct cell, energy), offsetof(struct cell, flags)};
    MPI_Datatype types[4] = {MPI_DOUBLE, MPI_DOUBLE, MPI_DOUBLE, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NC; i++) {
        cells[i].rho = 1.0;
        cells[i].mom[0] = cells[i].mom[1] = cells[i].mom[2] = 0.0;
        cells[i].energy = 2.5;
        cells[i].flags = i & 7;
    }

    MPI_Type_create_struct(4, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct cell), &celltype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&celltype);

    MPI_Bcast(cells, NC, celltype, 0, MPI_COMM_WORLD);
    printf("[%d] flags[9] = %d\n", rank, cells[9].flags);

    /* clean-up */
    MPI_Type_free(&celltype);
    MPI_Finalize();
    return 0;
}
