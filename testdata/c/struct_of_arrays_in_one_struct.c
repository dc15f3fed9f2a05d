/* Structure of arrays inside one struct: two fields of each array, by offsetof of elements. */
#include <mpi.h>
#include <stddef.h>

struct soa { int n; double x[8]; double y[8]; float w[8]; };

int main(int argc, char **argv)
{
    int          lens[3] = {2, 2, 2};
    MPI_Aint     disps[3] = {offsetof(struct soa, x[3]), offsetof(struct soa, y[3]),
                             offsetof(struct soa, w[3])};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_FLOAT}, pick;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, lens, disps, types, &pick);
    MPI_Type_free(&pick);
    MPI_Finalize();
    return 0;
}
