/* `sizeof "literal"` counts the terminating NUL: a 6-character record for "hello". */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype tag, tag_r;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(sizeof "hello", MPI_CHAR, &tag);
    MPI_Type_create_resized(tag, 0, sizeof("padded name") + 1, &tag_r);
    MPI_Type_free(&tag_r);
    MPI_Type_free(&tag);
    MPI_Finalize();
    return 0;
}
