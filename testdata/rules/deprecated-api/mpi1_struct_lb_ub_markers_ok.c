/*
 * deprecated-api, corrected twin of mpi1_struct_lb_ub_markers.c, as
 * mpi-dtype-lint --fix writes it: a struct of the field, resized with
 * MPI_Type_create_resized to the bounds the markers gave.
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
    int          blocklens[1] = {1};
    MPI_Aint     disps[1] = {offsetof(struct cell, temperature)};
    MPI_Datatype types[1] = {MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NCELL; i++) {
        cells[i].id = i;
        cells[i].temperature = 270.0 + i;
    }

    {
        MPI_Datatype temptype_unresized;
        MPI_Type_create_struct(1, blocklens, disps, types, &temptype_unresized);
        MPI_Type_create_resized(temptype_unresized, 0, sizeof(struct cell), &temptype);
        MPI_Type_free(&temptype_unresized);
    }
    MPI_Type_commit(&temptype);

    MPI_Sendrecv(cells, NCELL, temptype, rank, 0, temperatures, NCELL, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, temperatures[NCELL - 1]);

    MPI_Type_free(&temptype);
    MPI_Finalize();
    return 0;
}
