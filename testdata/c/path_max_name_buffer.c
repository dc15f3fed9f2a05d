/* A file-name buffer of PATH_MAX characters (limits.h) sent as one contiguous type. */
#include <limits.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    char         path[PATH_MAX];
    MPI_Datatype name_t;

    MPI_Init(&argc, &argv);
    path[0] = '\0';
    MPI_Type_contiguous(sizeof path, MPI_CHAR, &name_t);
    MPI_Type_free(&name_t);
    MPI_Finalize();
    return path[0];
}
