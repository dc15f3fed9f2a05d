/*
 * missing-commit, fixed: the column type is committed after it is built;
 * both uses of it in the Sendrecv are correct.
 */
#include <mpi.h>

#define N 32

static double u[N][N + 2];

void exchange_columns(int left, int right, MPI_Comm comm)
{
    MPI_Datatype column;

    MPI_Type_vector(N, 1, N + 2, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    MPI_Sendrecv(&u[0][1], 1, column, left, 0, &u[0][N + 1], 1, column, right, 0, comm, MPI_STATUS_IGNORE);
    MPI_Type_free(&column);
}

int main(int argc, char **argv)
{
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    exchange_columns((rank + size - 1) % size, (rank + 1) % size, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
