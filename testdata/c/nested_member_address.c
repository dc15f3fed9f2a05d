/* The address of a member of a member of an array element: `&grid[1].inner.z[2]`. */
#include <mpi.h>

struct inner { int kind; double z[4]; };
struct cell  { char flag; struct inner inner; };

int main(int argc, char **argv)
{
    struct cell  grid[3];
    MPI_Aint     base, at;
    MPI_Datatype pick;

    MPI_Init(&argc, &argv);
    MPI_Get_address(grid, &base);
    MPI_Get_address(&grid[1].inner.z[2], &at);
    MPI_Type_create_hindexed_block(1, 2, (MPI_Aint[]){at - base}, MPI_DOUBLE, &pick);
    MPI_Type_free(&pick);
    MPI_Finalize();
    return 0;
}
