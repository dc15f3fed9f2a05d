/* File-scope `static const` sizes used as count and stride. */
#include <mpi.h>

static const int NX = 12;
static const int NY = 5;

int main(int argc, char **argv)
{
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(NY, 1, NX, MPI_DOUBLE, &column);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
