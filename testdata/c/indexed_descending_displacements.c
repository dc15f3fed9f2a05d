/* An indexed type whose blocks go backwards in memory: the bounds come from the extremes. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[3] = {2, 1, 3}, disps[3] = {20, 10, 0};
    MPI_Datatype reversed;

    MPI_Init(&argc, &argv);
    MPI_Type_indexed(3, lens, disps, MPI_LONG, &reversed);
    MPI_Type_free(&reversed);
    MPI_Finalize();
    return 0;
}
