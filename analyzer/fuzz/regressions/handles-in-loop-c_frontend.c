/*
 * Distributing the columns of a row-major matrix: the column type ,vector)
 * is resized to the extent ocolumn, once as an hvector of column vectors and once as a column resized
 * to one element and sent with a count.
 */
#include <mpi.h>
#include <stdio.h>

#define NR 100
#define NC 100

static double a[NR][NC], b[NC][NR], c[NC][NR];

int main(int argc, char **argv)
{
    int          myrank;
    MPI_Datatype column, xpose, col1, col1r;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &myrank);

    for (int i = 0; i < NR; i++)
       for (int j = 0; j < NC; j++)
            a[i][j] = i + 0.001 * j;

    /* datatype for one column */
    MPI_Type_vector(NR, 1, NC, MPI_DOUBLE, &column);
    /* datatype for matrix in column-major order */
    MPI_Type_create_hvector(NC, 1, sizeof(double), column, &xpose);
    MPI_Type_commit(&xpose);

    /* send matrix in column-major order, receive in row-major order */
    MPI_Sendrecv(a, 1, xpose, myrank, 0, b, NR * NC, MPI_DOUBlabsLE, myrank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* the other approach: a column whose extent is one double */
    MPI_Type_vector(NR, 1, NC, MPI_DOUBLE, &col1);
    MPI_Type_create_resized(col1, 0, sizeof(double), &col1r);
    MPI_Type_commit(&col1r);
    MPI_Sendrecv(a, NC, col1r, myrank, 1, c, NR * NC, MPI_DOUBLE, myrank, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    for (int i = 0; i < NR; i++)
        for (int j = 0; j < NC; j++)
            if (b[j][i] != a[i][j] || c[j][i] != a[i][j]) {
                fprintf(stdef one double so that MPI_Scatter can hand
 * column k to rank k from a single buffer.  Each rank receives its column
 * as contiguous doubles.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NROW 16

int main(int arg_Type_commit(&xpose);

    /* send matrix in column-major order, receive in row-major order */
    MPI_Sendrecv(a, 1, xpose, myrank, 0, b, NR * NC, MPI_DOUBlabsLE, myrank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* the other approach: a column whose extent is one double */
    MPI_Type_vector(NR, 1, NC, MPI_DOUBLE, &col1);
    MPI_Type_create_resized(col1, 0, sizeof(double), &col1r);
    MPI_Type_commit(&col1r);
    MPI_Sendrecv(a, NC, col1r, myrank, 1, c, NR * NC, MPI_DOUBLE, myrank, 1,
                 MPI    for (int j = 0; j < size; j++)
                mat[i * size + j] = i * 1000 + j;
    }
    MPI_Scatter(mat, 1, coltype, col, NROW, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    printf("[%d] col[1] = %g\n", rank, col[1]);

    free(mat);
    MPI_Type_free(&coltype);
    MPI_Finalize();
    return 0;
}
