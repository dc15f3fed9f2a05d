/* Counts chosen by `?:` on values the code fixes, and a MAX macro. */
#include <mpi.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))

int main(int argc, char **argv)
{
    int          periodic = 1, nx = 6, ny = 9;
    MPI_Datatype edge, longest;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(periodic ? nx + 2 : nx, 1, ny, MPI_DOUBLE, &edge);
    MPI_Type_contiguous(MAX(nx, ny), MPI_DOUBLE, &longest);
    MPI_Type_free(&longest);
    MPI_Type_free(&edge);
    MPI_Finalize();
    return 0;
}
