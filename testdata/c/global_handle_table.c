/* A file-scope table of MPI handles and lengths, used for a struct type. */
#include <mpi.h>

static int          lens[3] = {1, 2, 1};
static MPI_Aint     disps[3] = {0, 8, 24};
static MPI_Datatype types[3] = {MPI_LONG, MPI_DOUBLE, MPI_CHAR};

int main(int argc, char **argv)
{
    MPI_Datatype rec;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, lens, disps, types, &rec);
    MPI_Type_free(&rec);
    MPI_Finalize();
    return 0;
}
