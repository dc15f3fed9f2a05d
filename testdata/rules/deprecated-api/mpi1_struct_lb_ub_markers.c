/*
 * deprecated-api: the MPI-1 way to give a one-field view of a struct the
 * extent of the whole struct -- MPI_LB and MPI_UB markers around the field in
 * an MPI_Type_struct, so that an array of cells can be sent one temperature
 * per cell.  MPI_Type_struct and the markers were removed in MPI-3.0.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NCELL 64

struct cell {
    int    id;
    double temperature;
    double pressure;
};

static struct cell cells[NCELL];
static double      temperatures[NCELL];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype temptype;
    int          blocklens[3] = {1, 1, 1};
    MPI_Aint     disps[3] = {0, offsetof(struct cell, temperature), sizeof(struct cell)};
    MPI_Datatype types[3] = {MPI_LB, MPI_DOUBLE, MPI_UB}; /* expect: deprecated-api, deprecated-api */

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NCELL; i++) {
        cells[i].id = i;
        cells[i].temperature = 270.0 + i;
    }

    MPI_Type_struct(3, blocklens, disps, types, &temptype); /* expect: deprecated-api */
    MPI_Type_commit(&temptype);

    MPI_Sendrecv(cells, NCELL, temptype, rank, 0, temperatures, NCELL, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, temperatures[NCELL - 1]);

    MPI_Type_free(&temptype);
    MPI_Finalize();
    return 0;
}
