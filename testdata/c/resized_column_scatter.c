/*
 * Scatter the columns of a row-major matrix from the root: a column type
 * resized to the extent of one double, so that block p of the scatter starts
 * at column p * ncols.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 10
#define COLS 12

int main(int argc, char **argv)
{
    int          rank, nprocs;
    double       a[ROWS][COLS];
    double      *mine;
    MPI_Datatype col, coltype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    const int ncols = COLS / nprocs;
    if (rank == 0)
        for (int i = 0; i < ROWS; i++)
            for (int j = 0; j < COLS; j++)
                a[i][j] = i * COLS + j;

    MPI_Type_vector(ROWS, 1, COLS, MPI_DOUBLE, &col);
    MPI_Type_create_resized(col, 0, sizeof(double), &coltype);
    MPI_Type_commit(&coltype);

    /* each process receives its columns one after the other (column-major) */
    mine = malloc(ROWS * ncols * sizeof(double));
    MPI_Scatter(a, ncols, coltype, mine, ROWS * ncols, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    /* column c of mine is global column rank*ncols + c */
    for (int c = 0; c < ncols; c++)
        for (int i = 0; i < ROWS; i++)
            if (mine[c * ROWS + i] != i * COLS + rank * ncols + c) {
                fprintf(stderr, "[%d] column %d row %d wrong\n", rank, c, i);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }

    /* and back */
    MPI_Gather(mine, ROWS * ncols, MPI_DOUBLE, a, ncols, coltype, 0, MPI_COMM_WORLD);

    MPI_Type_free(&coltype);
    MPI_Type_free(&col);
    free(mine);
    MPI_Finalize();
    return 0;
}
