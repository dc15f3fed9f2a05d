/* Parameters followed by an attribute macro the analysis has no definition for (glibc's
 * __attribute_maybe_unused__, from <sys/cdefs.h> through <stdio.h>): the helper keeps its
 * parameters' names, so the types it builds from them are known at each call. */
#include <mpi.h>
#include <stdio.h>

static void build_column(int rows __attribute_maybe_unused__, int row_length, MPI_Datatype *column __attribute_maybe_unused__)
{
    MPI_Type_vector(rows, 1, row_length, MPI_DOUBLE, column);
}

int main(int argc, char **argv)
{
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    build_column(6, 4, &column);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
