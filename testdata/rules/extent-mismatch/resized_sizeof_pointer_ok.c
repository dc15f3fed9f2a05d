/*
 * extent-mismatch, corrected twin of resized_sizeof_pointer.c: the resize uses
 * sizeof(*cells), the size of one cell (40), not that of the pointer.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define NCELLS 500

typedef struct {
    int    gid;
    int    level;
    double rho;
    double u[3];
} cell_t;

int main(int argc, char **argv)
{
    int          rank, position = 0;
    cell_t      *cells;
    char        *packbuf;
    MPI_Datatype tmp, celltype;
    int          bl[3]    = {2, 1, 3};
    MPI_Aint     disp[3]  = {offsetof(cell_t, gid), offsetof(cell_t, rho), offsetof(cell_t, u)};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    cells   = malloc(NCELLS * sizeof(cell_t));
    packbuf = malloc(NCELLS * sizeof(cell_t));
    for (int i = 0; i < NCELLS; i++) {
        cells[i].gid = i;
        cells[i].level = 0;
        cells[i].rho = 1.0;
        cells[i].u[0] = cells[i].u[1] = cells[i].u[2] = 0.0;
    }

    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(*cells), &celltype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&celltype);

    MPI_Pack(cells, NCELLS, celltype, packbuf, NCELLS * (int)sizeof(cell_t), &position, MPI_COMM_WORLD);
    printf("[%d] checkpoint: %d bytes\n", rank, position);

    MPI_Type_free(&celltype);
    free(packbuf);
    free(cells);
    MPI_Finalize();
    return 0;
}
