/*
 * missing-commit: the commit depends on what a report function (of another file) returns,
 * the number of failures so far, and the view is set either way: after an earlier failure
 * it gets an uncommitted type.  (Its twin decides on the calls' own return codes.)
 */
#include <mpi.h>

/* The number of failures so far, after counting this one. */
int report(int rc, const char *what);

int main(int argc, char **argv)
{
    MPI_Datatype filetype;
    MPI_File fh;
    int rc;

    MPI_Init(&argc, &argv);
    MPI_File_open(MPI_COMM_WORLD, "view.out", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL,
                  &fh);
    rc = MPI_Type_contiguous(2, MPI_BYTE, &filetype);
    if (report(rc, "contiguous") == 0)
        MPI_Type_commit(&filetype);
    MPI_File_set_view(fh, 0, MPI_BYTE, filetype, "native", MPI_INFO_NULL); /* expect: missing-commit */
    MPI_Type_free(&filetype);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
