/*
 * count-mismatch, corrected twin of struct_field_added.c: the new field has
 * its entry in each of the four description arrays.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NCELL 80

struct amr_cell {
    int    gid;
    double u[5];
    double dx;
    int    level;
};

static struct amr_cell cells[NCELL];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, celltype;
    int          bl[4]    = {1, 5, 1, 1};
    MPI_Aint     disp[4]  = {offsetof(struct amr_cell, gid), offsetof(struct amr_cell, u),
                             offsetof(struct amr_cell, dx), offsetof(struct amr_cell, level)};
    MPI_Datatype types[4] = {MPI_INT, MPI_DOUBLE, MPI_DOUBLE, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NCELL; i++) {
            cells[i].gid = i;
            cells[i].dx = 1.0 / 64;
            cells[i].level = 2;
        }

    MPI_Type_create_struct(4, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct amr_cell), &celltype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&celltype);

    MPI_Bcast(cells, NCELL, celltype, 0, MPI_COMM_WORLD);
    printf("[%d] cell 3 level %d\n", rank, cells[3].level);

    MPI_Type_free(&celltype);
    MPI_Finalize();
    return 0;
}
