/*
 * Checkpoint of a 2-D block-cyclic distributed array through MPI-IO.  The
 * file view is an MPI_Type_create_darray filetype; this is the writer for
 * process 0 of a 2 x 2 process grid (darray takes the grid size and rank as
 * arguments, so one process can write its own share).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define GROWS 64
#define GCOLS 48

int main(int argc, char **argv)
{
    const int    nprocs_grid = 4, myrank_grid = 0;
    int          gsizes[2]   = {GROWS, GCOLS};
    int          distribs[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC};
    int          dargs[2]    = {8, 4};
    int          psizes[2]   = {2, 2};
    MPI_Datatype filetype;
    MPI_File     fh;
    int          tsize, nlocal;
    double      *local, *check;
    char         fname[256];

    MPI_Init(&argc, &argv);

    MPI_Type_create_darray(nprocs_grid, myrank_grid, 2, gsizes, distribs, dargs, psizes,
                           MPI_ORDER_C, MPI_DOUBLE, &filetype);
    MPI_Type_commit(&filetype);

    MPI_Type_size(filetype, &tsize);
    nlocal = tsize / (int)sizeof(double);
    local = malloc(nlocal * sizeof(double));
    check = malloc(nlocal * sizeof(double));
    for (int i = 0; i < nlocal; i++)
        local[i] = 0.5 * i;

    snprintf(fname, sizeof fname, "/tmp/mpi-dtype-lint-darray-%ld.dat", (long)getpid());
    MPI_File_open(MPI_COMM_SELF, fname, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_DOUBLE, filetype, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, local, nlocal, MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all(fh, check, nlocal, MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_File_delete(fname, MPI_INFO_NULL);

    for (int i = 0; i < nlocal; i++)
        if (check[i] != local[i]) {
            fprintf(stderr, "element %d read back as %g\n", i, check[i]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }

    free(check);
    free(local);
    MPI_Type_free(&filetype);
    MPI_Finalize();
    return 0;
}
