/*
 * type-leak: the helper that sends one face of the block builds, commits and
 * uses a local subarray type and returns without freeing it; it is called
 * for every face of every step.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 16
#define NY 16
#define NZ 16

static double q[NX][NY][NZ];
static double facebuf[NY * NZ];

static void copy_face(int ix, int tag, int rank)
{
    MPI_Datatype face;
    int sizes[3]    = {NX, NY, NZ};
    int subsizes[3] = {1, NY, NZ};
    int starts[3]   = {ix, 0, 0};

    MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &face); /* expect: type-leak */
    MPI_Type_commit(&face);
    MPI_Sendrecv(q, 1, face, rank, tag, facebuf, NY * NZ, MPI_DOUBLE, rank, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++)
            for (int k = 0; k < NZ; k++)
                q[i][j][k] = i;

    for (int step = 0; step < 10; step++) {
        copy_face(0, 2 * step, rank);
        copy_face(NX - 1, 2 * step + 1, rank);
    }
    printf("[%d] %g\n", rank, facebuf[0]);
    MPI_Finalize();
    return 0;
}
