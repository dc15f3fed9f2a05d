/* gcc's bit-field layout: a char, then two 20-bit int fields that cannot share a unit. */
#include <mpi.h>

struct packed_ids { char tag; int a : 20; int b : 20; char tail; };

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(sizeof(struct packed_ids), MPI_BYTE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
