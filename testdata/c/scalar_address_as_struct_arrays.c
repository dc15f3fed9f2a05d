/* One-entry struct type from scalars passed by address: (1, &len, &disp, &type, &t). */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          len = 3;
    MPI_Aint     disp = 8;
    MPI_Datatype type = MPI_DOUBLE, shifted;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(1, &len, &disp, &type, &shifted);
    MPI_Type_free(&shifted);
    MPI_Finalize();
    return 0;
}
