/* A header struct of stdint.h fixed-width fields described with the matching MPI types. */
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

struct header { uint8_t version; int16_t kind; uint32_t length; int64_t offset; };

int main(int argc, char **argv)
{
    int          lens[4] = {1, 1, 1, 1};
    MPI_Aint     disps[4] = {offsetof(struct header, version), offsetof(struct header, kind),
                             offsetof(struct header, length), offsetof(struct header, offset)};
    MPI_Datatype types[4] = {MPI_UINT8_T, MPI_INT16_T, MPI_UINT32_T, MPI_INT64_T}, t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(4, lens, disps, types, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
