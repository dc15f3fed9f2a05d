/*
 * buffer-overflow: velocities are 3 components per point, and the broadcast
 * counts them that way -- but the buffer was allocated for NPTS doubles
 * (the "* 3" was lost when the allocation moved into this function).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NPTS 1000

int main(int argc, char **argv)
{
    int     rank;
    double *vel;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    vel = malloc(NPTS * sizeof(double));
    if (rank == 0)
        for (int i = 0; i < NPTS; i++)
            vel[i] = 0.0;

    MPI_Bcast(vel, 3 * NPTS, MPI_DOUBLE, 0, MPI_COMM_WORLD); /* expect: buffer-overflow */
    printf("[%d] vel[0] = %g\n", rank, vel[0]);

    free(vel);
    MPI_Finalize();
    return 0;
}
