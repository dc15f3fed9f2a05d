/*
 * invalid-argument: the element type of a field is chosen once
 * (elemtype = MPI_DOUBLE) and a 3-vector type is built on it.  The clean-up
 * frees every handle it sees, including elemtype -- freeing a predefined
 * datatype is erroneous (MPICH and Open MPI return an error).
 */
#include <mpi.h>
#include <stdio.h>

#define NV 100

static double vecs[NV][3];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype elemtype = MPI_DOUBLE;
    MPI_Datatype vec3;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NV; i++)
            vecs[i][0] = vecs[i][1] = vecs[i][2] = i;

    MPI_Type_contiguous(3, elemtype, &vec3);
    MPI_Type_commit(&vec3);
    MPI_Bcast(vecs, NV, vec3, 0, MPI_COMM_WORLD);
    printf("[%d] %g\n", rank, vecs[NV - 1][2]);

    MPI_Type_free(&vec3);
    MPI_Type_free(&elemtype); /* expect: invalid-argument */
    MPI_Finalize();
    return 0;
}
