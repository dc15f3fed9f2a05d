/*
 * type-leak: the time loop rebuilds the boundary-column type every step into
 * the same handle and frees it only once after the loop, so NSTEPS-1 types
 * are never released (the handle table grows every step).
 */
#include <mpi.h>
#include <stdio.h>

#define NX 64
#define NY 64
#define NSTEPS 100

static double u[NY][NX];
static double edge[NY];

int main(int argc, char **argv)
{
    int          rank, step;
    MPI_Datatype col;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
            u[j][i] = 0.5 * i - j;

    for (step = 0; step < NSTEPS; step++) {
        MPI_Type_vector(NY, 1, NX, MPI_DOUBLE, &col); /* expect: type-leak */
        MPI_Type_commit(&col);
        MPI_Sendrecv(&u[0][NX - 1], 1, col, rank, step, edge, NY, MPI_DOUBLE, rank, step, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int j = 0; j < NY; j++)
            u[j][0] = edge[j];
    }
    MPI_Type_free(&col);

    printf("[%d] u[3][0] = %g\n", rank, u[3][0]);
    MPI_Finalize();
    return 0;
}
