/*
 * Send and receive a section of a 3-D array (C version of MPI-2.2 Example
 * 4.13): a(1:17:2, 3:11, 2:10) of a 100 x 100 x 100 float array, here
 * a[1..9][2..10][0..16 step 2] in row-major order.  The section is built
 * bottom-up: a strided row, a plane as an hvector of rows, the cube as an
 * hvector of planes.
 */
#include <mpi.h>
#include <stdio.h>

#define N 100

static float a[N][N][N];
static float e[9][9][9];

int main(int argc, char **argv)
{
    int          myrank;
    MPI_Datatype oneslice, twoslice, threeslice;
    MPI_Aint     sizeoffloat, lb;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &myrank);

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++)
                a[i][j][k] = i * 10000.0f + j * 100.0f + k;

    MPI_Type_get_extent(MPI_FLOAT, &lb, &sizeoffloat);

    /* create datatype for a 1D section */
    MPI_Type_vector(9, 1, 2, MPI_FLOAT, &oneslice);

    /* create datatype for a 2D section */
    MPI_Type_create_hvector(9, 1, N * sizeoffloat, oneslice, &twoslice);

    /* create datatype for the entire section */
    MPI_Type_create_hvector(9, 1, N * N * sizeoffloat, twoslice, &threeslice);

    MPI_Type_commit(&threeslice);
    MPI_Sendrecv(&a[1][2][0], 1, threeslice, myrank, 0, e, 9 * 9 * 9, MPI_FLOAT,
                 myrank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (e[8][8][8] != a[9][10][16] || e[0][0][1] != a[1][2][2]) {
        fprintf(stderr, "section wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&threeslice);
    MPI_Type_free(&twoslice);
    MPI_Type_free(&oneslice);
    MPI_Finalize();
    return 0;
}
