/*
 * buffer-overflow: the interior subarray type is defined over the array
 * *with* ghost cells ((NY+2) x (NX+2)), but the output buffer it is used on
 * was declared without them (NY x NX).  The type's last element lies past
 * the end of the buffer.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 30
#define NY 20

static float local[NY][NX];
static float packed[NY * NX];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype interior;
    int          sizes[2]    = {NY + 2, NX + 2};
    int          subsizes[2] = {NY, NX};
    int          starts[2]   = {1, 1};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NY * NX; i++)
        packed[i] = (float)i;

    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_FLOAT, &interior);
    MPI_Type_commit(&interior);
    MPI_Sendrecv(packed, NY * NX, MPI_FLOAT, rank, 0, local, 1, interior, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: buffer-overflow */
    printf("[%d] %g\n", rank, local[0][0]);

    MPI_Type_free(&interior);
    MPI_Finalize();
    return 0;
}
