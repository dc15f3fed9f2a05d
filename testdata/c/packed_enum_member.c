/* A packed enum is one byte: a struct of two of them and a short is 4 bytes. */
#include <mpi.h>

enum __attribute__((packed)) phase { SOLID, LIQUID, GAS };

struct cell { enum phase now, next; short temp; };

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(sizeof(struct cell) * 3, MPI_BYTE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
