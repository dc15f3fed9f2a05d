/*
 * Swarm-style particle migration: the particle record is described once with
 * offsetof(), the extent forced to sizeof() with MPI_Type_create_resized,
 * and arrays of records are gathered with a count (PETSc DMSwarm idiom).
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef int    PetscInt;
typedef double PetscReal;

typedef struct {
    PetscInt  pid;
    PetscInt  cellid;
    PetscReal x[3];
    PetscReal w;
    char      status;
} SwarmPoint;

#define NLOCAL 25

static int SwarmPointTypeCreate(MPI_Datatype *newtype)
{
    MPI_Datatype tmp;
    int          bl[4]    = {2, 3, 1, 1};
    MPI_Aint     disp[4]  = {offsetof(SwarmPoint, pid), offsetof(SwarmPoint, x),
                             offsetof(SwarmPoint, w), offsetof(SwarmPoint, status)};
    MPI_Datatype types[4] = {MPI_INT, MPI_DOUBLE, MPI_DOUBLE, MPI_CHAR};

    MPI_Type_create_struct(4, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(SwarmPoint), newtype);
    MPI_Type_free(&tmp);
    return MPI_Type_commit(newtype);
}

int main(int argc, char **argv)
{
    int          rank, size;
    SwarmPoint   mine[NLOCAL];
    SwarmPoint  *all;
    MPI_Datatype ptype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int p = 0; p < NLOCAL; p++) {
        mine[p].pid = rank * NLOCAL + p;
        mine[p].cellid = p / 5;
        mine[p].x[0] = mine[p].x[1] = mine[p].x[2] = 0.1 * p;
        mine[p].w = 1.0;
        mine[p].status = 'a';
    }

    SwarmPointTypeCreate(&ptype);
    all = malloc((size_t)size * NLOCAL * sizeof(SwarmPoint));
    MPI_Gather(mine, NLOCAL, ptype, all, NLOCAL, ptype, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("last pid %d\n", all[size * NLOCAL - 1].pid);

    free(all);
    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
