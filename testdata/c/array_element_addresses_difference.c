/* The stride between two elements measured with MPI_Get_address on &a[3] and &a[0]. */
#include <mpi.h>

int main(int argc, char **argv)
{
    double       a[16];
    MPI_Aint     first, fourth;
    MPI_Datatype every_third;

    MPI_Init(&argc, &argv);
    MPI_Get_address(&a[0], &first);
    MPI_Get_address(&a[3], &fourth);
    MPI_Type_create_hvector(5, 1, fourth - first, MPI_DOUBLE, &every_third);
    MPI_Type_free(&every_third);
    MPI_Finalize();
    return 0;
}
