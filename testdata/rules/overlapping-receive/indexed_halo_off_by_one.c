/*
 * overlapping-receive: the two halo segments of a 1-D field are received
 * with an indexed type.  The block length was written NH + 1 (inclusive
 * range), so the first segment [0, NH] and the second [NH, 2NH] share the
 * element at index NH.
 */
#include <mpi.h>
#include <stdio.h>

#define NH 8
#define TAG_HALO 12

static double field[4 * NH];
static double incoming[2 * NH + 2];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype halos;
    int          blens[2]  = {NH + 1, NH + 1};
    int          displs[2] = {0, NH};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_indexed(2, blens, displs, MPI_DOUBLE, &halos);
    MPI_Type_commit(&halos);

    if (rank == 0) {
        for (int i = 0; i < 2 * NH + 2; i++)
            incoming[i] = i;
        MPI_Send(incoming, 2 * NH + 2, MPI_DOUBLE, 1, TAG_HALO, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(field, 1, halos, 0, TAG_HALO, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: overlapping-receive */
        printf("[1] field[NH] = %g\n", field[NH]);
    }

    MPI_Type_free(&halos);
    MPI_Finalize();
    return 0;
}
