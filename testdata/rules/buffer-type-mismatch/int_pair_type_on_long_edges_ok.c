/*
 * buffer-type-mismatch, corrected twin of int_pair_type_on_long_edges.c: the
 * edge type is contiguous(2, MPI_LONG).
 */
#include <mpi.h>
#include <stdio.h>

#define NEDGE 100

static long edges[NEDGE][2];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype edge_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int e = 0; e < NEDGE; e++) {
            edges[e][0] = e;
            edges[e][1] = (e + 1) % NEDGE;
        }

    MPI_Type_contiguous(2, MPI_LONG, &edge_t);
    MPI_Type_commit(&edge_t);
    MPI_Bcast(edges, NEDGE, edge_t, 0, MPI_COMM_WORLD);
    printf("[%d] edge 7: %ld-%ld\n", rank, edges[7][0], edges[7][1]);

    MPI_Type_free(&edge_t);
    MPI_Finalize();
    return 0;
}
