/* A one-block indexed type whose block length and displacement are scalars passed by address. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          blocklen = 4, displ = 6;
    MPI_Datatype window;

    MPI_Init(&argc, &argv);
    MPI_Type_indexed(1, &blocklen, &displ, MPI_FLOAT, &window);
    MPI_Type_free(&window);
    MPI_Finalize();
    return 0;
}
