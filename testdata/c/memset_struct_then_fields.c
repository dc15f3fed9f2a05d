/* A parameter struct cleared with memset and partly filled; its fields size the vector. */
#include <mpi.h>
#include <string.h>

struct shape { int count, block, stride; };

int main(int argc, char **argv)
{
    struct shape s;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    memset(&s, 0, sizeof s);
    s.count = 4;
    s.stride = 6;
    MPI_Type_vector(s.count, s.block + 2, s.stride, MPI_FLOAT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
