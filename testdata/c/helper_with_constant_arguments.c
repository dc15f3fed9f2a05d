/* A library-style helper building a column type, called once with constants. */
#include <mpi.h>

static int make_column(int nrows, int ncols, MPI_Datatype *col)
{
    return MPI_Type_vector(nrows, 1, ncols, MPI_DOUBLE, col);
}

int main(int argc, char **argv)
{
    MPI_Datatype col;

    MPI_Init(&argc, &argv);
    make_column(7, 11, &col);
    MPI_Type_free(&col);
    MPI_Finalize();
    return 0;
}
