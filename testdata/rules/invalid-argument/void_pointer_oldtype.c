/*
 * invalid-argument: a generic field descriptor keeps its element type as a
 * `void *` and passes that pointer as the old type.  Open MPI, whose handles
 * are pointers, compiles it: the "datatype" is the address of the descriptor's
 * name and the call fails or crashes.  (MPICH's handles are ints: there it
 * does not compile, so this file is checked with mpicc.openmpi.)
 */
#include <mpi.h>
#include <stdio.h>

struct field {
    const char *name;
    void       *elem;
    int         ncomp;
};

static double velocity[3 * 16];

int main(int argc, char **argv)
{
    int          rank;
    struct field f = {"velocity", NULL, 3};
    MPI_Datatype vec;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    f.elem = (void *)f.name;
    for (int i = 0; i < 3 * 16; i++)
        velocity[i] = rank + i;
    MPI_Type_contiguous(f.ncomp, f.elem, &vec); /* expect: invalid-argument */
    MPI_Type_commit(&vec);
    MPI_Bcast(velocity, 16, vec, 0, MPI_COMM_WORLD);
    printf("[%d] %s %g\n", rank, f.name, velocity[47]);
    MPI_Type_free(&vec);
    MPI_Finalize();
    return 0;
}
