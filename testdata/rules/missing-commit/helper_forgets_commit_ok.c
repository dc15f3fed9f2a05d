/*
 * missing-commit, corrected twin of helper_forgets_commit.c: the helper
 * commits the face type before returning it, so every caller gets a usable
 * handle.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 10
#define NY 12
#define NZ 14

static double u[NX + 2][NY + 2][NZ + 2];
static char   packbuf[NY * NZ * sizeof(double)];

static void make_xface(int ix, MPI_Datatype *face)
{
    int sizes[3]    = {NX + 2, NY + 2, NZ + 2};
    int subsizes[3] = {1, NY, NZ};
    int starts[3]   = {ix, 1, 1};

    MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, face);
    MPI_Type_commit(face);
}

int main(int argc, char **argv)
{
    int          rank, position = 0;
    MPI_Datatype east;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NX + 2; i++)
        for (int j = 0; j < NY + 2; j++)
            for (int k = 0; k < NZ + 2; k++)
                u[i][j][k] = i + 0.01 * j + 0.0001 * k;

    make_xface(NX, &east);
    MPI_Pack(u, 1, east, packbuf, (int)sizeof(packbuf), &position, MPI_COMM_WORLD);
    printf("[%d] packed %d bytes\n", rank, position);

    MPI_Type_free(&east);
    MPI_Finalize();
    return 0;
}
