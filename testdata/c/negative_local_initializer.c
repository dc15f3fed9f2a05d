/* Local variables initialised with negative literals, `int lb = -24;`, used as bounds. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lb = -24;
    long         extent = -lb * 2L;
    MPI_Datatype centred;

    MPI_Init(&argc, &argv);
    MPI_Type_create_resized(MPI_DOUBLE, lb, extent, &centred);
    MPI_Type_free(&centred);
    MPI_Finalize();
    return 0;
}
