/*
 * count-mismatch: the constructors read entries that the code never wrote.
 * The loop filling the block lengths stops one short (`< NBLK - 1`), so the
 * indexed type reads lens[NBLK - 1] from an uninitialized array; and the
 * struct's type list was not extended when the `mass` field was added: its
 * last handle is whatever the stack held.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NBLK 4

struct particle {
    double pos[3];
    int    id;
    double mass;
};

static int             field[64];
static struct particle parts[8];

int main(int argc, char **argv)
{
    int          rank;
    int          lens[NBLK], offs[NBLK];
    int          blocklens[3] = {3, 1, 1};
    MPI_Aint     displs[3];
    MPI_Datatype types[3];
    MPI_Datatype blocks, particle_type;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 64; i++)
        field[i] = rank + i;

    for (int i = 0; i < NBLK - 1; i++)
        lens[i] = 2;
    for (int i = 0; i < NBLK; i++)
        offs[i] = 16 * i;
    MPI_Type_indexed(NBLK, lens, offs, MPI_INT, &blocks); /* expect: count-mismatch */
    MPI_Type_commit(&blocks);
    MPI_Bcast(field, 1, blocks, 0, MPI_COMM_WORLD);

    displs[0] = offsetof(struct particle, pos);
    displs[1] = offsetof(struct particle, id);
    displs[2] = offsetof(struct particle, mass);
    types[0] = MPI_DOUBLE;
    types[1] = MPI_INT;
    MPI_Type_create_struct(3, blocklens, displs, types, &particle_type); /* expect: count-mismatch */
    MPI_Type_commit(&particle_type);
    MPI_Bcast(parts, 1, particle_type, 0, MPI_COMM_WORLD);

    printf("[%d] %d %g\n", rank, field[48], parts[0].mass);
    MPI_Type_free(&particle_type);
    MPI_Type_free(&blocks);
    MPI_Finalize();
    return 0;
}
