/* An hindexed_block type with one displacement: a scalar MPI_Aint passed as the array. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Aint     offset = 40;
    MPI_Datatype tail;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hindexed_block(1, 2, &offset, MPI_LONG, &tail);
    MPI_Type_free(&tail);
    MPI_Finalize();
    return 0;
}
