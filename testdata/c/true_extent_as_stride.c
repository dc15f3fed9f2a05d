/* MPI_Type_get_true_extent of a strided type supplies the stride of an hvector of it. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype pick, repeated;
    MPI_Aint     true_lb, true_extent;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(2, 1, 3, MPI_DOUBLE, &pick);
    MPI_Type_get_true_extent(pick, &true_lb, &true_extent);
    MPI_Type_create_hvector(3, 1, true_extent + true_lb, pick, &repeated);
    MPI_Type_free(&repeated);
    MPI_Type_free(&pick);
    MPI_Finalize();
    return 0;
}
