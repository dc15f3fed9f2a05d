/*
 * Not a finding: the return codes go by value to a report function of another file, which
 * cannot change them; under the default error handler every call that returns succeeded, so
 * the commit runs and the view gets a committed type.
 */
#include <mpi.h>

static int failures;

/* Counts a failure in *count. */
void report(int *count, int rc, const char *what);

int main(int argc, char **argv)
{
    MPI_Datatype filetype;
    MPI_File fh;
    int rc;

    MPI_Init(&argc, &argv);
    MPI_File_open(MPI_COMM_WORLD, "view.out", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL,
                  &fh);
    rc = MPI_Type_contiguous(2, MPI_BYTE, &filetype);
    report(&failures, rc, "contiguous");
    if (MPI_SUCCESS == rc) {
        rc = MPI_Type_commit(&filetype);
        report(&failures, rc, "commit");
    }
    if (MPI_SUCCESS != rc) {
        MPI_File_close(&fh);
        MPI_Finalize();
        return 1;
    }
    MPI_File_set_view(fh, 0, MPI_BYTE, filetype, "native", MPI_INFO_NULL);
    MPI_Type_free(&filetype);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
