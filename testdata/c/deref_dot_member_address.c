/* Displacements from `&(*p).y`, the member access written through an explicit dereference. */
#include <mpi.h>

struct point {
    float x;
    long  y;
};

int main(int argc, char **argv)
{
    struct point  pt, *p = &pt;
    MPI_Aint      base, at_y;
    MPI_Datatype  y_only;

    MPI_Init(&argc, &argv);
    MPI_Get_address(&(*p).x, &base);
    MPI_Get_address(&(*p).y, &at_y);
    MPI_Type_create_hindexed_block(1, 1, (MPI_Aint[]){at_y - base}, MPI_LONG, &y_only);
    MPI_Type_free(&y_only);
    MPI_Finalize();
    return 0;
}
