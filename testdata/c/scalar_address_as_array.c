/* A struct type of one block: the block length, displacement and type are plain variables
 * passed by address where the constructor expects arrays of one element. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int len = 3;
    MPI_Aint disp = 8;
    MPI_Datatype type = MPI_DOUBLE, block;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(1, &len, &disp, &type, &block);
    MPI_Type_commit(&block);
    MPI_Type_free(&block);
    MPI_Finalize();
    return 0;
}
