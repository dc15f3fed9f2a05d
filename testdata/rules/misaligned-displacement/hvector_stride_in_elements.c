/*
 * misaligned-displacement: the x components of an interleaved xyz array of
 * floats.  MPI_Type_create_hvector takes its stride in BYTES, but 3 (the
 * stride in elements) was passed: the second float starts at byte 3, off its
 * 4-byte alignment (the right stride is 3 * sizeof(float)).
 */
#include <mpi.h>
#include <stdio.h>

#define NP 100
#define TAG_X 1

static float xyz[3 * NP];
static float xs[NP];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype xcomp;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_hvector(NP, 1, 3, MPI_FLOAT, &xcomp); /* expect: misaligned-displacement */
    MPI_Type_commit(&xcomp);

    if (rank == 0) {
        for (int i = 0; i < 3 * NP; i++)
            xyz[i] = (float)i;
        MPI_Send(xyz, 1, xcomp, 1, TAG_X, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(xs, NP, MPI_FLOAT, 0, TAG_X, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] xs[1] = %g\n", xs[1]);
    }

    MPI_Type_free(&xcomp);
    MPI_Finalize();
    return 0;
}
