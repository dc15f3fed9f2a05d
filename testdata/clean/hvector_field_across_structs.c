/*
 * One field of every element of an array of structs: an hvector of
 * 3 doubles with stride sizeof(struct), i.e. the velocities of all bodies,
 * sent to a contiguous buffer.
 */
#include <mpi.h>
#include <stdio.h>

#define NB 128

struct body {
    double pos[3];
    double vel[3];
    double mass;
    int    id;
};

static struct body bodies[NB];
static double      vels[3 * NB];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype allvel;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int b = 0; b < NB; b++) {
        bodies[b].vel[0] = b;
        bodies[b].vel[1] = -b;
        bodies[b].vel[2] = 0.5 * b;
        bodies[b].id = b;
    }

    MPI_Type_create_hvector(NB, 3, sizeof(struct body), MPI_DOUBLE, &allvel);
    MPI_Type_commit(&allvel);
    MPI_Sendrecv(bodies[0].vel, 1, allvel, rank, 0, vels, 3 * NB, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] vel of body 9: %g %g %g\n", rank, vels[27], vels[28], vels[29]);

    MPI_Type_free(&allvel);
    MPI_Finalize();
    return 0;
}
