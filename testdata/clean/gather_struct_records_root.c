/*
 * Load-balance statistics: each rank fills one record, rank 0 gathers them
 * into an array sized by the communicator.  The record type is resized to
 * sizeof so that the root's receive buffer is indexed correctly.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct stats {
    double t_compute;
    double t_comm;
    long   ncells;
    int    rank;
};

int main(int argc, char **argv)
{
    int           rank, size;
    struct stats  mine, *all = NULL;
    MPI_Datatype  tmp, stattype;
    int           bl[3]    = {2, 1, 1};
    MPI_Aint      disp[3]  = {offsetof(struct stats, t_compute), offsetof(struct stats, ncells),
                              offsetof(struct stats, rank)};
    MPI_Datatype  types[3] = {MPI_DOUBLE, MPI_LONG, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine.t_compute = 1.0 + rank;
    mine.t_comm = 0.1;
    mine.ncells = 1000L * (rank + 1);
    mine.rank = rank;

    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct stats), &stattype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&stattype);

    if (rank == 0)
        all = malloc((size_t)size * sizeof(struct stats));
    MPI_Gather(&mine, 1, stattype, all, 1, stattype, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("rank %d has %ld cells\n", all[size - 1].rank, all[size - 1].ncells);

    free(all);
    MPI_Type_free(&stattype);
    MPI_Finalize();
    return 0;
}
