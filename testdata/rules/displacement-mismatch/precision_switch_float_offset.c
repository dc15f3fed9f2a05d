/*
 * displacement-mismatch: ownership migration sends only the id and owner of
 * each body.  The displacement skips the mass with sizeof(float), from the
 * days when real_t was float; since the switch to double the ids are at
 * offset 8, and the int block at 4 starts inside the mass.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NBODY 300

typedef double real_t;

struct body {
    real_t mass;
    int    id;
    int    owner;
    real_t pos[3];
};

static struct body bodies[NBODY];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, idtype;
    int          bl[1]    = {2};
    MPI_Aint     disp[1]  = {sizeof(float)};   /* skip the mass */
    MPI_Datatype types[1] = {MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NBODY; i++) {
            bodies[i].mass = 1.0;
            bodies[i].id = i;
            bodies[i].owner = i % 4;
        }

    MPI_Type_create_struct(1, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct body), &idtype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&idtype);

    MPI_Bcast(bodies, NBODY, idtype, 0, MPI_COMM_WORLD); /* expect: displacement-mismatch */
    printf("[%d] body 5 owned by %d\n", rank, bodies[5].owner);

    MPI_Type_free(&idtype);
    MPI_Finalize();
    return 0;
}
