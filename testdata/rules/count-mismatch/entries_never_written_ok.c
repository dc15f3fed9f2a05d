/*
 * count-mismatch, corrected twin of entries_never_written.c: every entry the
 * constructors read is written.  The arrays are also filled in the ways the
 * analysis cannot follow entry by entry, which are not findings: a loop whose
 * trip count is only known at run time, memset, a helper given the array, and
 * a receive into it.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define NBLK 4

struct particle {
    double pos[3];
    int    id;
    double mass;
};

static int             field[64];
static struct particle parts[8];

static void set_offsets(int *offs, int n)
{
    for (int i = 0; i < n; i++)
        offs[i] = 16 * i;
}

int main(int argc, char **argv)
{
    int          rank;
    int          nblk = argc > 0 ? NBLK : 1;
    int          lens[NBLK], offs[NBLK], more[NBLK], empty[NBLK], shape[2];
    int          local_shape[2] = {8, 8};
    int          blocklens[3] = {3, 1, 1};
    MPI_Aint     displs[3];
    MPI_Datatype types[3];
    MPI_Datatype blocks, strided, packed, grid, particle_type;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 64; i++)
        field[i] = rank + i;

    for (int i = 0; i < NBLK; i++)
        lens[i] = 2;
    set_offsets(offs, NBLK);
    MPI_Type_indexed(NBLK, lens, offs, MPI_INT, &blocks);
    MPI_Type_commit(&blocks);
    MPI_Bcast(field, 1, blocks, 0, MPI_COMM_WORLD);

    for (int i = 0; i < nblk; i++)
        more[i] = 1;
    MPI_Type_indexed(nblk, more, offs, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    MPI_Bcast(field, 1, strided, 0, MPI_COMM_WORLD);

    memset(empty, 0, sizeof empty);
    MPI_Type_indexed(NBLK, empty, offs, MPI_INT, &packed);
    MPI_Type_commit(&packed);
    MPI_Bcast(field, 1, packed, 0, MPI_COMM_WORLD);

    MPI_Allreduce(local_shape, shape, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Type_vector(shape[0], 1, shape[1], MPI_INT, &grid);
    MPI_Type_commit(&grid);
    MPI_Bcast(field, 1, grid, 0, MPI_COMM_WORLD);

    displs[0] = offsetof(struct particle, pos);
    displs[1] = offsetof(struct particle, id);
    displs[2] = offsetof(struct particle, mass);
    types[0] = MPI_DOUBLE;
    types[1] = MPI_INT;
    types[2] = MPI_DOUBLE;
    MPI_Type_create_struct(3, blocklens, displs, types, &particle_type);
    MPI_Type_commit(&particle_type);
    MPI_Bcast(parts, 1, particle_type, 0, MPI_COMM_WORLD);

    printf("[%d] %d %g\n", rank, field[48], parts[0].mass);
    MPI_Type_free(&particle_type);
    MPI_Type_free(&grid);
    MPI_Type_free(&packed);
    MPI_Type_free(&strided);
    MPI_Type_free(&blocks);
    MPI_Finalize();
    return 0;
}
