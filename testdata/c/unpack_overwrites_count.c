/* A count unpacked from a packed buffer replaces the variable's initial 1. */
#include <mpi.h>

int main(int argc, char **argv)
{
    char         buf[64];
    int          pos = 0, packed = 9, n = 1;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Pack(&packed, 1, MPI_INT, buf, sizeof buf, &pos, MPI_COMM_SELF);
    pos = 0;
    MPI_Unpack(buf, sizeof buf, &pos, &n, 1, MPI_INT, MPI_COMM_SELF);
    MPI_Type_contiguous(n, MPI_INT, &t);  /* unknowable: n is written by MPI_Unpack */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
