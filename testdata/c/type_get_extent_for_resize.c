/* MPI_Type_get_extent of a row type supplies the extent of the resized column type. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype row, col, col_r;
    MPI_Aint     lb, row_extent;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(5, MPI_DOUBLE, &row);
    MPI_Type_get_extent(row, &lb, &row_extent);
    MPI_Type_vector(4, 1, 5, MPI_DOUBLE, &col);
    MPI_Type_create_resized(col, lb, row_extent / 5, &col_r);
    MPI_Type_free(&col_r);
    MPI_Type_free(&col);
    MPI_Type_free(&row);
    MPI_Finalize();
    return 0;
}
