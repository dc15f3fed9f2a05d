/*
 * extent-mismatch: molecular-dynamics atoms.  Only the type and the position
 * are broadcast, so the struct type covers the first 32 bytes of a 120-byte
 * record; without MPI_Type_create_resized its extent is 32, and atom i of
 * the message is read from (and written to) byte 32*i instead of 120*i.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NATOMS 256

struct atom {
    int    type;
    double x[3];
    double f[3];      /* forces: local only */
    double work[8];   /* integrator scratch: local only */
};

static struct atom atoms[NATOMS];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype atomtype;
    int          bl[2]    = {1, 3};
    MPI_Aint     disp[2]  = {offsetof(struct atom, type), offsetof(struct atom, x)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NATOMS; i++) {
            atoms[i].type = i % 2;
            atoms[i].x[0] = atoms[i].x[1] = atoms[i].x[2] = 0.1 * i;
        }

    MPI_Type_create_struct(2, bl, disp, types, &atomtype);
    MPI_Type_commit(&atomtype);
    MPI_Bcast(atoms, NATOMS, atomtype, 0, MPI_COMM_WORLD); /* expect: extent-mismatch */
    printf("[%d] atom 10 at %g\n", rank, atoms[10].x[0]);

    MPI_Type_free(&atomtype);
    MPI_Finalize();
    return 0;
}
