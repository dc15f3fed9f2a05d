/* A block of 3 adjacent columns: one column as a vector, then an hvector of it by 8 bytes. */
#include <mpi.h>

#define NROW 5
#define NCOL 9

int main(int argc, char **argv)
{
    MPI_Datatype column, three_columns;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(NROW, 1, NCOL, MPI_DOUBLE, &column);
    MPI_Type_create_hvector(3, 1, sizeof(double), column, &three_columns);
    MPI_Type_free(&three_columns);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
