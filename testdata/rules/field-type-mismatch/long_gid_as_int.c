/*
 * field-type-mismatch: mesh nodes with 64-bit global ids.  gidx_t was
 * widened from int to long for large meshes, but the datatype still
 * describes the gid field as MPI_INT (4 bytes of an 8-byte field).
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NNODES 400

typedef long gidx_t;

struct node {
    gidx_t gid;
    double coord[3];
};

static struct node nodes[NNODES];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, nodetype;
    int          bl[2]    = {1, 3};
    MPI_Aint     disp[2]  = {offsetof(struct node, gid), offsetof(struct node, coord)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NNODES; i++) {
            nodes[i].gid = 5000000000L + i;
            nodes[i].coord[0] = nodes[i].coord[1] = nodes[i].coord[2] = i;
        }

    MPI_Type_create_struct(2, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct node), &nodetype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&nodetype);

    MPI_Bcast(nodes, NNODES, nodetype, 0, MPI_COMM_WORLD); /* expect: field-type-mismatch */
    printf("[%d] node 2 gid %ld\n", rank, nodes[2].gid);

    MPI_Type_free(&nodetype);
    MPI_Finalize();
    return 0;
}
