/*
 * Not a finding: the type is used in a loop whose trip count is only known at
 * run time, then freed.  MPI_Send reads the handle; it cannot change it.
 */
#include <mpi.h>
#include <stdio.h>

static void send_rows(const double *rows, int nrows, int dest)
{
    MPI_Datatype row;

    MPI_Type_contiguous(16, MPI_DOUBLE, &row);
    MPI_Type_commit(&row);
    for (int i = 0; i < nrows; i++)
        MPI_Send(&rows[16 * i], 1, row, dest, i, MPI_COMM_WORLD);
    MPI_Type_free(&row);
}

int main(int argc, char **argv)
{
    int    rank, size;
    double rows[4 * 16];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < 4 * 16; i++)
        rows[i] = i;
    if (rank == 0 && size > 1)
        send_rows(rows, argc > 1 ? 4 : 2, 1);
    printf("[%d] done\n", rank);
    MPI_Finalize();
    return 0;
}
