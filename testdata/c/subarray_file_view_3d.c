/* A 3-D subarray used as the filetype of a file view: this tile of a 4 x 6 x 8 global array. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          g[3] = {4, 6, 8}, l[3] = {2, 3, 4}, s[3] = {2, 0, 4};
    MPI_Datatype tile;
    MPI_File     fh;

    MPI_Init(&argc, &argv);
    MPI_Type_create_subarray(3, g, l, s, MPI_ORDER_C, MPI_INT, &tile);
    MPI_Type_commit(&tile);
    MPI_File_open(MPI_COMM_SELF, "subarray_file_view_3d.tmp",
                  MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, tile, "native", MPI_INFO_NULL);
    MPI_File_close(&fh);
    MPI_Type_free(&tile);
    MPI_Finalize();
    return 0;
}
