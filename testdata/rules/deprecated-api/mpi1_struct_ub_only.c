/*
 * deprecated-api: only an MPI_UB marker, placed at sizeof(struct atom) to
 * give a struct of the position fields (x, y, z; the charge is not sent) the
 * extent of the whole struct, in MPI_Type_create_struct.  MPI_UB was removed
 * in MPI-3.0; the lower bound is that of the data, 0.
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
    int          blocklens[2] = {3, 1};
    MPI_Aint     disps[2] = {offsetof(struct atom, x), sizeof(struct atom)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_UB}; /* expect: deprecated-api */

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NATOM; i++)
        atoms[i].x = atoms[i].y = atoms[i].z = i;

    MPI_Type_create_struct(2, blocklens, disps, types, &postype);
    MPI_Type_commit(&postype);

    MPI_Sendrecv(atoms, NATOM, postype, rank, 0, received, NATOM, postype, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, received[NATOM - 1].z);

    MPI_Type_free(&postype);
    MPI_Finalize();
    return 0;
}
