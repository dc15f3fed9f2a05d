/*
 * deprecated-api, corrected twin of mpi1_struct_ub_only.c, as mpi-dtype-lint
 * --fix writes it: a struct of the position fields resized to
 * sizeof(struct atom).
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NATOM 100

struct atom {
    double x, y, z;
    double charge;
};

static struct atom atoms[NATOM];
static struct atom received[NATOM];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype postype;
    int          blocklens[1] = {3};
    MPI_Aint     disps[1] = {offsetof(struct atom, x)};
    MPI_Datatype types[1] = {MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NATOM; i++)
        atoms[i].x = atoms[i].y = atoms[i].z = i;

    {
        MPI_Datatype postype_unresized;
        MPI_Type_create_struct(1, blocklens, disps, types, &postype_unresized);
        MPI_Type_create_resized(postype_unresized, 0, sizeof(struct atom), &postype);
        MPI_Type_free(&postype_unresized);
    }
    MPI_Type_commit(&postype);

    MPI_Sendrecv(atoms, NATOM, postype, rank, 0, received, NATOM, postype, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, received[NATOM - 1].z);

    MPI_Type_free(&postype);
    MPI_Finalize();
    return 0;
}
