/* Exponent literals cast to integers: (int)1e3 elements, (long)2.5e1 bytes of padding. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype big, padded;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous((int)1e3, MPI_FLOAT, &big);
    MPI_Type_create_resized(MPI_FLOAT, 0, (long)2.5e1 + 7, &padded);
    MPI_Type_free(&padded);
    MPI_Type_free(&big);
    MPI_Finalize();
    return 0;
}
