/*
 * use-after-free, fixed: the row type is freed after the halo exchange that
 * sends and receives with it.
 */
#include <mpi.h>

#define NX 40
#define NY 20

static float field[NY + 2][NX + 2];

int main(int argc, char **argv)
{
    int          rank, size, up, down;
    MPI_Datatype row;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    up = (rank + 1) % size;
    down = (rank + size - 1) % size;

    MPI_Type_contiguous(NX, MPI_FLOAT, &row);
    MPI_Type_commit(&row);

    MPI_Sendrecv(&field[NY][1], 1, row, up, 1, &field[0][1], 1, row, down, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&row);

    MPI_Finalize();
    return 0;
}
