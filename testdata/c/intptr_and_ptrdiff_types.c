/* intptr_t, uintptr_t and ptrdiff_t sizes used as byte counts. */
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(sizeof(intptr_t), sizeof(uintptr_t), sizeof(ptrdiff_t) * 2, MPI_BYTE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
