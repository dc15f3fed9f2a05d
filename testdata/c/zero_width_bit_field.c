/* A zero-width bit-field forces the next field to a new unit. */
#include <mpi.h>

struct split { unsigned char a : 3; unsigned : 0; unsigned char b : 3; };

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(sizeof(struct split), MPI_BYTE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
