/*
 * Field table indexed by an enum, with designated initializers for block
 * lengths and types, so adding a field keeps the three tables in step.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

enum field { F_ID, F_POS, F_VEL, F_CHARGE, F_FLAGS, NFIELDS };

typedef struct {
    long     id;
    double   pos[3];
    double   vel[3];
    float    charge;
    unsigned flags;
} macroparticle;

#define NMP 300

static macroparticle mp[NMP], mp2[NMP];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype mp_t, mp_resized;

    const int blocklens[NFIELDS] = {
        [F_ID] = 1, [F_POS] = 3, [F_VEL] = 3, [F_CHARGE] = 1, [F_FLAGS] = 1,
    };
    const MPI_Aint displs[NFIELDS] = {
        [F_ID]     = offsetof(macroparticle, id),
        [F_POS]    = offsetof(macroparticle, pos),
        [F_VEL]    = offsetof(macroparticle, vel),
        [F_CHARGE] = offsetof(macroparticle, charge),
        [F_FLAGS]  = offsetof(macroparticle, flags),
    };
    const MPI_Datatype types[NFIELDS] = {
        [F_ID] = MPI_LONG, [F_POS] = MPI_DOUBLE, [F_VEL] = MPI_DOUBLE,
        [F_CHARGE] = MPI_FLOAT, [F_FLAGS] = MPI_UNSIGNED,
    };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_create_struct(NFIELDS, blocklens, displs, types, &mp_t);
    MPI_Type_create_resized(mp_t, 0, sizeof(macroparticle), &mp_resized);
    MPI_Type_commit(&mp_resized);

    for (int i = 0; i < NMP; i++) {
        mp[i] = (macroparticle){ .id = i, .pos = {i, 0, 0}, .vel = {0, 0, i},
                                 .charge = -1.0f, .flags = 0x1u };
    }

    MPI_Sendrecv(mp, NMP, mp_resized, rank, 0, mp2, NMP, mp_resized, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (mp2[NMP - 1].vel[2] != NMP - 1 || mp2[0].flags != 0x1u) {
        fprintf(stderr, "macroparticle exchange failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&mp_resized);
    MPI_Type_free(&mp_t);
    MPI_Finalize();
    return 0;
}
