/* `__attribute__((aligned(64)))` on a struct pads it to a cache line: extent 64. */
#include <mpi.h>

struct __attribute__((aligned(64))) counter { long hits; int owner; };

int main(int argc, char **argv)
{
    int          lens[2] = {1, 1};
    MPI_Aint     disps[2] = {0, sizeof(long)};
    MPI_Datatype types[2] = {MPI_LONG, MPI_INT}, t, t_r;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_create_resized(t, 0, sizeof(struct counter), &t_r);
    MPI_Type_free(&t_r);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
