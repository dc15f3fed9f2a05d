/*
 * misaligned-displacement: coordinates were float[3] per point and the
 * stride of the "first component" hvector was written 3 * sizeof(float).
 * The arrays are double now, the stride was not updated: 12 bytes is not a
 * multiple of the 8-byte alignment of MPI_DOUBLE.
 */
#include <mpi.h>
#include <stdio.h>

#define NP 64
#define TAG_C 3

static double coords[NP][3];
static double first[NP];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype comp0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_hvector(NP, 1, 3 * sizeof(float), MPI_DOUBLE, &comp0); /* expect: misaligned-displacement */
    MPI_Type_commit(&comp0);

    if (rank == 0) {
        for (int i = 0; i < NP; i++)
            coords[i][0] = coords[i][1] = coords[i][2] = i;
        MPI_Send(coords, 1, comp0, 1, TAG_C, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(first, NP, MPI_DOUBLE, 0, TAG_C, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] first[5] = %g\n", first[5]);
    }

    MPI_Type_free(&comp0);
    MPI_Finalize();
    return 0;
}
