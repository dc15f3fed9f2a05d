/* Integer literals with suffixes: 4u, 3UL, 2ll, 16LU as counts, strides and extents. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype vec, wide;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(4u, 3UL, 5l, MPI_SHORT, &vec);
    MPI_Type_create_resized(vec, 2ll, 16LU * 4U, &wide);
    MPI_Type_free(&wide);
    MPI_Type_free(&vec);
    MPI_Finalize();
    return 0;
}
