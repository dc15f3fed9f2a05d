/*
 * invalid-argument, corrected twin of void_pointer_oldtype.c: the descriptor
 * keeps its element type as an MPI_Datatype.
 */
#include <mpi.h>
#include <stdio.h>

struct field {
    const char  *name;
    MPI_Datatype elem;
    int          ncomp;
};

static double velocity[3 * 16];

int main(int argc, char **argv)
{
    int          rank;
    struct field f = {"velocity", MPI_DATATYPE_NULL, 3};
    MPI_Datatype vec;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    f.elem = MPI_DOUBLE;
    for (int i = 0; i < 3 * 16; i++)
        velocity[i] = rank + i;
    MPI_Type_contiguous(f.ncomp, f.elem, &vec);
    MPI_Type_commit(&vec);
    MPI_Bcast(velocity, 16, vec, 0, MPI_COMM_WORLD);
    printf("[%d] %s %g\n", rank, f.name, velocity[47]);
    MPI_Type_free(&vec);
    MPI_Finalize();
    return 0;
}
