/*
 * signature-mismatch: rank 0 sends a whole x-face (NY*NZ doubles, as one
 * subarray); rank 1 posts a receive for one row of NZ doubles.  More data is
 * sent than the receive holds: MPI_ERR_TRUNCATE.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 8
#define NY 10
#define NZ 12
#define TAG_FACE 7

static double blk[NX][NY][NZ];
static double line[NZ];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype face;
    int          sizes[3]    = {NX, NY, NZ};
    int          subsizes[3] = {1, NY, NZ};
    int          starts[3]   = {NX - 1, 0, 0};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &face);
    MPI_Type_commit(&face);

    if (rank == 0) {
        MPI_Send(blk, 1, face, 1, TAG_FACE, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(line, NZ, MPI_DOUBLE, 0, TAG_FACE, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: signature-mismatch */
        printf("[1] %g\n", line[0]);
    }

    MPI_Type_free(&face);
    MPI_Finalize();
    return 0;
}
