/*
 * overlapping-receive, corrected twin of indexed_halo_off_by_one.c: the halo
 * segments are NH long, [0, NH) and [NH, 2NH), disjoint.
 */
#include <mpi.h>
#include <stdio.h>

#define NH 8
#define TAG_HALO 12

static double field[4 * NH];
static double incoming[2 * NH];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype halos;
    int          blens[2]  = {NH, NH};
    int          displs[2] = {0, NH};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_indexed(2, blens, displs, MPI_DOUBLE, &halos);
    MPI_Type_commit(&halos);

    if (rank == 0) {
        for (int i = 0; i < 2 * NH; i++)
            incoming[i] = i;
        MPI_Send(incoming, 2 * NH, MPI_DOUBLE, 1, TAG_HALO, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(field, 1, halos, 0, TAG_HALO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] field[NH] = %g\n", field[NH]);
    }

    MPI_Type_free(&halos);
    MPI_Finalize();
    return 0;
}
