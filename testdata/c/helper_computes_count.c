/* The count comes from a small arithmetic helper function called with constants. */
#include <mpi.h>

static int interior(int n, int halo)
{
    return n - 2 * halo;
}

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(interior(20, 3), 2, interior(10, 1), MPI_FLOAT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
