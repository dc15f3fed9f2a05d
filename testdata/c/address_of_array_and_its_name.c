/* `&a` and `a` are the same address: a zero displacement between them, then a real one. */
#include <mpi.h>

int main(int argc, char **argv)
{
    short        a[8];
    MPI_Aint     by_name, by_addr, last;
    int          lens[2] = {1, 1};
    MPI_Aint     disps[2];
    MPI_Datatype ends;

    MPI_Init(&argc, &argv);
    MPI_Get_address(a, &by_name);
    MPI_Get_address(&a, &by_addr);
    MPI_Get_address(&a[7], &last);
    disps[0] = by_addr - by_name;
    disps[1] = last - by_name;
    MPI_Type_create_hindexed(2, lens, disps, MPI_SHORT, &ends);
    MPI_Type_free(&ends);
    MPI_Finalize();
    return 0;
}
