/*
 * Unstructured halo: the owned points a neighbour needs are listed in an
 * index array; each point carries 3 doubles, so the send type is an
 * MPI_Type_create_indexed_block with block length 3 (in doubles) and
 * displacements 3*index.
 */
#include <mpi.h>
#include <stdio.h>

#define NOWN 100
#define NSEND 12

static double q[NOWN * 3];
static double halo[NSEND * 3];

int main(int argc, char **argv)
{
    int          rank;
    int          sendidx[NSEND] = {0, 5, 9, 14, 22, 31, 40, 41, 57, 63, 80, 99};
    int          displs[NSEND];
    MPI_Datatype sendtype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 3 * NOWN; i++)
        q[i] = i;
    for (int k = 0; k < NSEND; k++)
        displs[k] = 3 * sendidx[k];

    MPI_Type_create_indexed_block(NSEND, 3, displs, MPI_DOUBLE, &sendtype);
    MPI_Type_commit(&sendtype);
    MPI_Sendrecv(q, 1, sendtype, rank, 9, halo, 3 * NSEND, MPI_DOUBLE, rank, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] halo[last] = %g\n", rank, halo[3 * NSEND - 1]);

    MPI_Type_free(&sendtype);
    MPI_Finalize();
    return 0;
}
