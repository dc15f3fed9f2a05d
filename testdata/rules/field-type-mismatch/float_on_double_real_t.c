/*
 * field-type-mismatch: the code was switched to double precision by
 * changing `typedef float real_t` to double, but the charge datatype still
 * names MPI_FLOAT for the real_t fields.  The offsets (offsetof) are right,
 * the basic types are not.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NCHARGE 64

typedef double real_t;

typedef struct {
    int    id;
    real_t q;
    real_t pos[3];
} charge_t;

static charge_t charges[NCHARGE];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, chargetype;
    int          bl[3]    = {1, 1, 3};
    MPI_Aint     disp[3]  = {offsetof(charge_t, id), offsetof(charge_t, q), offsetof(charge_t, pos)};
    MPI_Datatype types[3] = {MPI_INT, MPI_FLOAT, MPI_FLOAT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NCHARGE; i++) {
            charges[i].id = i;
            charges[i].q = (i % 2) ? 1.0 : -1.0;
            charges[i].pos[0] = charges[i].pos[1] = charges[i].pos[2] = 0.5 * i;
        }

    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(charge_t), &chargetype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&chargetype);

    MPI_Bcast(charges, NCHARGE, chargetype, 0, MPI_COMM_WORLD); /* expect: field-type-mismatch */
    printf("[%d] q[3] = %g\n", rank, charges[3].q);

    MPI_Type_free(&chargetype);
    MPI_Finalize();
    return 0;
}
