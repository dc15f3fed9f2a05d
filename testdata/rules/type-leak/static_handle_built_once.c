/*
 * type-leak: the halo exchange builds its column type into an automatic local on every call
 * and never frees it, so each time step loses one datatype.  (Its twin keeps the type in a
 * `static` local and builds it on the first call only.)
 */
#include <mpi.h>
#include <stdio.h>

#define N 16

static double u[N][N + 2];

static void exchange(int left, int right)
{
    MPI_Datatype column;

    MPI_Type_vector(N, 1, N + 2, MPI_DOUBLE, &column); /* expect: type-leak */
    MPI_Type_commit(&column);
    MPI_Sendrecv(&u[0][1], 1, column, left, 0, &u[0][N + 1], 1, column, right, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int step = 0; step < 10; step++)
        exchange((rank + size - 1) % size, (rank + 1) % size);
    printf("[%d] %.1f\n", rank, u[0][0]);
    MPI_Finalize();
    return 0;
}
