/* MPI_Aint, MPI_Offset and MPI_Count fields with their own MPI datatypes. */
#include <mpi.h>
#include <stddef.h>

struct extent_rec { int n; MPI_Aint disp; MPI_Offset off; MPI_Count count; };

int main(int argc, char **argv)
{
    int          lens[4] = {1, 1, 1, 1};
    MPI_Aint     disps[4] = {offsetof(struct extent_rec, n), offsetof(struct extent_rec, disp),
                             offsetof(struct extent_rec, off), offsetof(struct extent_rec, count)};
    MPI_Datatype types[4] = {MPI_INT, MPI_AINT, MPI_OFFSET, MPI_COUNT}, t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(4, lens, disps, types, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
