/* A count read back from a file with MPI_File_read_at replaces the initial 2. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_File     fh;
    int          written = 8, n = 2;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_File_open(MPI_COMM_SELF, "file_read_overwrites_count.tmp",
                  MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_write_at(fh, 0, &written, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_read_at(fh, 0, &n, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_contiguous(n, MPI_DOUBLE, &t);  /* unknowable: n is written by MPI_File_read_at */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
