/*
 * A block-cyclic (ScaLAPACK layout) 2-D matrix written to one file: the
 * file view is an MPI_Type_create_darray over the process grid; the local
 * buffer size comes from MPI_Type_size of the darray type.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define M 200
#define N 150
#define MB 16
#define NB 16

int main(int argc, char **argv)
{
    int          size, rank, tsize, nlocal;
    int          gsizes[2]   = {M, N};
    int          distribs[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC};
    int          dargs[2]    = {MB, NB};
    int          psizes[2]   = {0, 0};
    MPI_Datatype ftype;
    MPI_File     fh;
    double      *local;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Dims_create(size, 2, psizes);

    MPI_Type_create_darray(size, rank, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_DOUBLE, &ftype);
    MPI_Type_commit(&ftype);
    MPI_Type_size(ftype, &tsize);
    nlocal = tsize / (int)sizeof(double);
    local = malloc((size_t)nlocal * sizeof(double));
    for (int i = 0; i < nlocal; i++)
        local[i] = rank;

    MPI_File_open(MPI_COMM_WORLD, "matrix.bin", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_DOUBLE, ftype, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, local, nlocal, MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);

    free(local);
    MPI_Type_free(&ftype);
    MPI_Finalize();
    return 0;
}
