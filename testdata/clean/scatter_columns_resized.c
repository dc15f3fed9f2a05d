/*
 * Distributing the columns of a row-major matrix: the column type (vector)
 * is resized to the extent of one double so that MPI_Scatter can hand
 * column k to rank k from a single buffer.  Each rank receives its column
 * as contiguous doubles.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NROW 16

int main(int argc, char **argv)
{
    int          size, rank;
    double      *mat = NULL, col[NROW];
    MPI_Datatype tmp, coltype;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_vector(NROW, 1, size, MPI_DOUBLE, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(double), &coltype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&coltype);

    if (rank == 0) {
        mat = malloc((size_t)NROW * size * sizeof(double));
        for (int i = 0; i < NROW; i++)
            for (int j = 0; j < size; j++)
                mat[i * size + j] = i * 1000 + j;
    }
    MPI_Scatter(mat, 1, coltype, col, NROW, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    printf("[%d] col[1] = %g\n", rank, col[1]);

    free(mat);
    MPI_Type_free(&coltype);
    MPI_Finalize();
    return 0;
}
