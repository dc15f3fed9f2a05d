/*
 * Checkpoint of a block-decomposed 2-D array with MPI-IO: the file view is a
 * subarray of the global array (the block this rank owns), the memory type
 * a subarray selecting the interior of the local array with ghost cells.
 */
#include <mpi.h>
#include <stdio.h>

#define LNX 16
#define LNY 12
#define NG 1

static double local[LNY + 2 * NG][LNX + 2 * NG];

int main(int argc, char **argv)
{
    int          size, rank, dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
    MPI_Comm     cart;
    MPI_Datatype filetype, memtype;
    MPI_File     fh;
    int          gsizes[2], lsizes[2] = {LNY, LNX}, gstarts[2];
    int          msizes[2] = {LNY + 2 * NG, LNX + 2 * NG}, mstarts[2] = {NG, NG};

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_coords(cart, rank, 2, coords);

    gsizes[0] = dims[0] * LNY;
    gsizes[1] = dims[1] * LNX;
    gstarts[0] = coords[0] * LNY;
    gstarts[1] = coords[1] * LNX;
    for (int j = 0; j < LNY + 2 * NG; j++)
        for (int i = 0; i < LNX + 2 * NG; i++)
            local[j][i] = rank + 0.001 * (j * 100 + i);

    MPI_Type_create_subarray(2, gsizes, lsizes, gstarts, MPI_ORDER_C, MPI_DOUBLE, &filetype);
    MPI_Type_commit(&filetype);
    MPI_Type_create_subarray(2, msizes, lsizes, mstarts, MPI_ORDER_C, MPI_DOUBLE, &memtype);
    MPI_Type_commit(&memtype);

    MPI_File_open(cart, "checkpoint.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_DOUBLE, filetype, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, local, 1, memtype, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);

    MPI_Type_free(&memtype);
    MPI_Type_free(&filetype);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
