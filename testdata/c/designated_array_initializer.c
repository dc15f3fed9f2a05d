/* Block lengths set with designated array initialisers; the rest are zero. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[5] = {[1] = 2, [3] = 4};
    int          disps[5] = {0, 2, 5, 8, 14};
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_indexed(5, lens, disps, MPI_INT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
