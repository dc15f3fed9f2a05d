/*
 * buffer-overflow: receiving two adjacent columns with count 2 of a column
 * vector type.  Without a resize the extent of the column is a whole
 * matrix minus the tail, so the second "column" starts near the end of the
 * array and runs far past it.
 */
#include <mpi.h>
#include <stdio.h>

#define NROW 10
#define NCOL 10

static double a[NROW][NCOL];
static double src[2 * NROW];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 2 * NROW; i++)
        src[i] = i;

    MPI_Type_vector(NROW, 1, NCOL, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);

    /* columns 5 and 6 */
    MPI_Sendrecv(src, 2 * NROW, MPI_DOUBLE, rank, 4, &a[0][5], 2, column, rank, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: buffer-overflow */
    printf("[%d] a[9][5] = %g\n", rank, a[NROW - 1][5]);

    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
