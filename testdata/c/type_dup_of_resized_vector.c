/* A library keeps its own duplicate of a resized column type passed in by the caller. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype col, col_r, kept;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(5, 1, 9, MPI_FLOAT, &col);
    MPI_Type_create_resized(col, 0, sizeof(float), &col_r);
    MPI_Type_dup(col_r, &kept);
    MPI_Type_free(&kept);
    MPI_Type_free(&col_r);
    MPI_Type_free(&col);
    MPI_Finalize();
    return 0;
}
