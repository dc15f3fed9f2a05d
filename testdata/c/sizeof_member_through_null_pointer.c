/* The size of a member without an object: `sizeof(((struct cell *)0)->flux)`. */
#include <mpi.h>

struct cell {
    int    id;
    double flux[3];
};

int main(int argc, char **argv)
{
    MPI_Datatype flux;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(sizeof(((struct cell *)0)->flux) / sizeof(double), MPI_DOUBLE, &flux);
    MPI_Type_free(&flux);
    MPI_Finalize();
    return 0;
}
