/* A size_t field sent as MPI_UNSIGNED_LONG after an int: offset 8, extent sizeof the struct. */
#include <mpi.h>
#include <stddef.h>

typedef struct { int rank; size_t nbytes; } chunk_t;

int main(int argc, char **argv)
{
    MPI_Datatype nbytes_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hindexed_block(1, 1, (MPI_Aint[]){offsetof(chunk_t, nbytes)},
                                   MPI_UNSIGNED_LONG, &nbytes_t);
    MPI_Type_free(&nbytes_t);
    MPI_Finalize();
    return 0;
}
