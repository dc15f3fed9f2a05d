/* Hexadecimal and octal literals: a count of 0x10, a block of 010 (eight), a stride of 0X1f. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype hexcount, octblock;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(0x10, MPI_BYTE, &hexcount);
    MPI_Type_vector(2, 010, 0X1f, MPI_INT, &octblock);
    MPI_Type_free(&octblock);
    MPI_Type_free(&hexcount);
    MPI_Finalize();
    return 0;
}
