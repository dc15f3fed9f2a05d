/* `__attribute__((packed))` on a struct: no padding, the double sits at offset 1. */
#include <mpi.h>
#include <stddef.h>

struct __attribute__((packed)) wire { char kind; double value; short port; };

int main(int argc, char **argv)
{
    int          lens[3] = {1, 1, 1};
    MPI_Aint     disps[3] = {offsetof(struct wire, kind), offsetof(struct wire, value),
                             offsetof(struct wire, port)};
    MPI_Datatype types[3] = {MPI_CHAR, MPI_DOUBLE, MPI_SHORT}, t, t_r;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, lens, disps, types, &t);
    MPI_Type_create_resized(t, 0, sizeof(struct wire), &t_r);
    MPI_Type_free(&t_r);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
