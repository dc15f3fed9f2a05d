/* An hvector stride beyond 32 bits: `(MPI_Aint)1 << 33` bytes between two doubles. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype far_apart;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hvector(2, 1, (MPI_Aint)1 << 33, MPI_DOUBLE, &far_apart);
    MPI_Type_free(&far_apart);
    MPI_Finalize();
    return 0;
}
