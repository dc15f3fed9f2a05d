/* An aligned(32) attribute on one member moves it to offset 32. */
#include <mpi.h>
#include <stddef.h>

struct block { int n; double data[2] __attribute__((aligned(32))); };

int main(int argc, char **argv)
{
    MPI_Datatype data_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hindexed_block(1, 2, (MPI_Aint[]){offsetof(struct block, data)}, MPI_DOUBLE,
                                   &data_t);
    MPI_Type_free(&data_t);
    MPI_Finalize();
    return 0;
}
