/* Addresses of `a + 5` and of the array itself: the displacement is five elements. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          a[10];
    MPI_Aint     base, fifth;
    MPI_Datatype from_fifth;

    MPI_Init(&argc, &argv);
    MPI_Get_address(a, &base);
    MPI_Get_address(a + 5, &fifth);
    MPI_Type_create_resized(MPI_INT, fifth - base, 4 * sizeof(int), &from_fifth);
    MPI_Type_free(&from_fifth);
    MPI_Finalize();
    return 0;
}
