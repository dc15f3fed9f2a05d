/* Integer conversions that wrap: (unsigned char)260 is 4; an int 65538 stored in a short is 2. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          big = 65538;
    short        wrapped = big;
    MPI_Datatype cast, stored;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous((unsigned char)260, MPI_SHORT, &cast);
    MPI_Type_contiguous(wrapped, MPI_SHORT, &stored);  /* unknown: a signed short given a value it cannot hold gets an implementation-defined value; gcc wraps, the analysis does not guess */
    MPI_Type_free(&stored);
    MPI_Type_free(&cast);
    MPI_Finalize();
    return 0;
}
