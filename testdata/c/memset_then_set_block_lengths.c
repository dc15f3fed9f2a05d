/* Block lengths cleared with memset, then two of them set: zero-length blocks in between. */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    int          lens[4], disps[4] = {0, 3, 6, 9};
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    memset(lens, 0, sizeof lens);
    lens[1] = 2;
    lens[3] = 1;
    MPI_Type_indexed(4, lens, disps, MPI_DOUBLE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
