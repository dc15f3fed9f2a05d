/*
 * type-leak: every call's error code is kept and checked, and the helper
 * still loses its local vector type: `err = MPI_...(&t)` stores the error
 * code, not the handle.
 */
#include <mpi.h>
#include <stdio.h>

static double grid[8][10];

static int send_column(int col, int rank)
{
    MPI_Datatype column;
    double recv[8];
    int err = MPI_Type_vector(8, 1, 10, MPI_DOUBLE, &column); /* expect: type-leak */
    if (err != MPI_SUCCESS)
        return err;
    err = MPI_Type_commit(&column);
    if (err != MPI_SUCCESS)
        return err;
    err = MPI_Sendrecv(&grid[0][col], 1, column, rank, col, recv, 8, MPI_DOUBLE, rank, col,
                       MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("%g\n", recv[7]);
    return err;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int col = 0; col < 10; col++)
        send_column(col, rank);
    MPI_Finalize();
    return 0;
}
