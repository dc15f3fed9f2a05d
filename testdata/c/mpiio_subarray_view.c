/*
 * Write this process's tile of a global 2-D field into a shared file.  The
 * filetype is a subarray of the global array; the memory type is a subarray
 * that skips the ghost cells of the local array.  Tiles follow a 2 x 2
 * process grid; the tile coordinates come from the rank.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define GNY 40
#define GNX 60
#define PY  2
#define PX  2
#define GHOST 1

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype filetype, memtype;
    MPI_File     fh;
    char         path[256];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    const int ny = GNY / PY, nx = GNX / PX;
    const int py = (rank / PX) % PY, px = rank % PX;

    int gsizes[2] = {GNY, GNX};
    int lsizes[2] = {ny, nx};
    int gstart[2] = {py * ny, px * nx};
    MPI_Type_create_subarray(2, gsizes, lsizes, gstart, MPI_ORDER_C, MPI_FLOAT, &filetype);  /* unknowable:
       the tile start depends on the rank */
    MPI_Type_commit(&filetype);

    int msizes[2] = {ny + 2 * GHOST, nx + 2 * GHOST};
    int mstart[2] = {GHOST, GHOST};
    MPI_Type_create_subarray(2, msizes, lsizes, mstart, MPI_ORDER_C, MPI_FLOAT, &memtype);
    MPI_Type_commit(&memtype);

    float *field = malloc(msizes[0] * msizes[1] * sizeof(float));
    float *back  = malloc(ny * nx * sizeof(float));
    for (int j = 0; j < msizes[0]; j++)
        for (int i = 0; i < msizes[1]; i++)
            field[j * msizes[1] + i] = (float)(j * 100 + i);

    snprintf(path, sizeof path, "/tmp/mpi-dtype-lint-tile-%ld.bin", (long)getpid());
    MPI_Bcast(path, sizeof path, MPI_CHAR, 0, MPI_COMM_WORLD);   /* one file for all */
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_FLOAT, filetype, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, field, 1, memtype, MPI_STATUS_IGNORE);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all(fh, back, ny * nx, MPI_FLOAT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);

    if (back[ny * nx - 1] != field[(ny + GHOST - 1) * msizes[1] + nx + GHOST - 1]) {
        fprintf(stderr, "tile read back wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    free(back);
    free(field);
    MPI_Type_free(&memtype);
    MPI_Type_free(&filetype);
    MPI_Finalize();
    return 0;
}
