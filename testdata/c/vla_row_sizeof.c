/* A variable-length array with a known bound: sizeof a row of a VLA is evaluated at run time. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          n = 5;
    double       a[3][n];
    MPI_Datatype col;

    MPI_Init(&argc, &argv);
    a[0][0] = 0.0;
    MPI_Type_create_hvector(3, 1, sizeof a[0], MPI_DOUBLE, &col);
    MPI_Type_free(&col);
    MPI_Finalize();
    return (int)a[0][0];
}
