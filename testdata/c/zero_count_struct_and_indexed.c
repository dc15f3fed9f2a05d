/* A struct of zero entries and an indexed type whose blocks are all empty. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[2] = {0, 0}, disps[2] = {3, 7};
    MPI_Aint     adisps[1] = {0};
    MPI_Datatype types[1] = {MPI_INT}, nostruct, noblocks;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(0, lens, adisps, types, &nostruct);
    MPI_Type_indexed(2, lens, disps, MPI_INT, &noblocks);
    MPI_Type_free(&noblocks);
    MPI_Type_free(&nostruct);
    MPI_Finalize();
    return 0;
}
