/*
 * buffer-overflow, corrected twin of two_columns_vector.c: the column type is
 * resized to the extent of one double, so column k+1 starts one element
 * after column k.
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
    MPI_Datatype tmp, column;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 2 * NROW; i++)
        src[i] = i;

    MPI_Type_vector(NROW, 1, NCOL, MPI_DOUBLE, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(double), &column);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&column);

    /* columns 5 and 6 */
    MPI_Sendrecv(src, 2 * NROW, MPI_DOUBLE, rank, 4, &a[0][5], 2, column, rank, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] a[9][5] = %g\n", rank, a[NROW - 1][5]);

    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
