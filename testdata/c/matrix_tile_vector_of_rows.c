/* A 3 x 4 tile at (row 2, column 5) of a 10 x 12 matrix: vector with the row length as stride. */
#include <mpi.h>

int main(int argc, char **argv)
{
    double       m[10][12];
    MPI_Datatype tile;

    MPI_Init(&argc, &argv);
    m[2][5] = 1.0;
    MPI_Type_vector(3, 4, 12, MPI_DOUBLE, &tile);
    MPI_Type_commit(&tile);
    MPI_Send(&m[2][5], 1, tile, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Type_free(&tile);
    MPI_Finalize();
    return 0;
}
