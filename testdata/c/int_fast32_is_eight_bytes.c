/* int_fast32_t is 8 bytes on x86-64 glibc: an array of them sent as bytes. */
#include <mpi.h>
#include <stdint.h>

int main(int argc, char **argv)
{
    int_fast32_t  counters[5];
    int_least16_t small;
    MPI_Datatype  raw, tiny;

    MPI_Init(&argc, &argv);
    counters[0] = small = 0;
    MPI_Type_contiguous(sizeof counters, MPI_BYTE, &raw);
    MPI_Type_contiguous(sizeof small, MPI_BYTE, &tiny);
    MPI_Type_free(&tiny);
    MPI_Type_free(&raw);
    MPI_Finalize();
    return (int)counters[0];
}
