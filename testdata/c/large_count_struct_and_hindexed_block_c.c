/* MPI-4 large-count struct and hindexed_block with MPI_Count displacement arrays. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
#if MPI_VERSION >= 4
    MPI_Count    lens[2] = {1, 2}, disps[2] = {0, 8}, bdisps[3] = {0, 64, 4096};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, rec, blocks;
    MPI_Type_create_struct_c(2, lens, disps, types, &rec);
    MPI_Type_create_hindexed_block_c(3, 4, bdisps, MPI_SHORT, &blocks);
    MPI_Type_free(&blocks);
    MPI_Type_free(&rec);
#endif
    MPI_Finalize();
    return 0;
}
