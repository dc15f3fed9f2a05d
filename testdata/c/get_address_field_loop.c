/*
 * Mesh-node record.  Displacements come from MPI_Get_address on each member,
 * collected in a loop over a table of member addresses and made relative to
 * the start of the record.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define NFIELDS 5
#define NNODES  256

typedef struct node {
    long          gid;
    int           owner;
    double        x[3];
    float         temperature;
    unsigned char bc;
} node_t;

static node_t nodes[NNODES], recvd[NNODES];

int main(int argc, char **argv)
{
    int rank;
    MPI_Datatype node_type, node_type_resized;
    MPI_Datatype types[NFIELDS]     = {MPI_LONG, MPI_INT, MPI_DOUBLE, MPI_FLOAT,
                                       MPI_UNSIGNED_CHAR};
    int          blocklens[NFIELDS] = {1, 1, 3, 1, 1};
    MPI_Aint     displs[NFIELDS], base, next;
    void        *field[NFIELDS];
    int          f;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (int n = 0; n < NNODES; n++) {
        nodes[n].gid = 1000L * rank + n;
        nodes[n].owner = rank;
        nodes[n].x[0] = nodes[n].x[1] = nodes[n].x[2] = n * 0.125;
        nodes[n].temperature = 300.0f + n;
        nodes[n].bc = (unsigned char)(n % 4);
    }
    memset(recvd, 0, sizeof recvd);

    field[0] = &nodes[0].gid;
    field[1] = &nodes[0].owner;
    field[2] = &nodes[0].x[0];
    field[3] = &nodes[0].temperature;
    field[4] = &nodes[0].bc;

    MPI_Get_address(&nodes[0], &base);
    for (f = 0; f < NFIELDS; f++) {
        MPI_Get_address(field[f], &displs[f]);
        displs[f] = MPI_Aint_diff(displs[f], base);
    }
    MPI_Type_create_struct(NFIELDS, blocklens, displs, types, &node_type);

    /* make the extent match the array stride, whatever padding the compiler added */
    MPI_Get_address(&nodes[1], &next);
    MPI_Type_create_resized(node_type, 0, MPI_Aint_diff(next, base), &node_type_resized);
    MPI_Type_commit(&node_type_resized);

    MPI_Sendrecv(nodes, NNODES, node_type_resized, rank, 0,
                 recvd, NNODES, node_type_resized, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (recvd[NNODES - 1].gid != nodes[NNODES - 1].gid ||
        recvd[NNODES - 1].bc != nodes[NNODES - 1].bc) {
        fprintf(stderr, "node exchange failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&node_type_resized);
    MPI_Type_free(&node_type);
    MPI_Finalize();
    return 0;
}
