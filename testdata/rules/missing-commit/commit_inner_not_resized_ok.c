/*
 * missing-commit, corrected twin of commit_inner_not_resized.c: the resized
 * type -- the one used in the broadcast -- is the one committed; the
 * intermediate struct type needs no commit and is freed.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NP 64

typedef struct {
    double pos[3];
    double vel[3];
    int    id;
    char   species;
} particle_t;

static particle_t parts[NP];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, ptype;
    int          blocklens[4] = {3, 3, 1, 1};
    MPI_Aint     disps[4]     = {offsetof(particle_t, pos), offsetof(particle_t, vel),
                                 offsetof(particle_t, id), offsetof(particle_t, species)};
    MPI_Datatype types[4]     = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT, MPI_CHAR};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NP; i++) {
            parts[i].id = i;
            parts[i].species = (char)(i % 3);
            for (int d = 0; d < 3; d++) {
                parts[i].pos[d] = i + 0.1 * d;
                parts[i].vel[d] = 0.0;
            }
        }

    MPI_Type_create_struct(4, blocklens, disps, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(particle_t), &ptype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&ptype);

    MPI_Bcast(parts, NP, ptype, 0, MPI_COMM_WORLD);
    printf("[%d] particle 5 at %g\n", rank, parts[5].pos[0]);

    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
