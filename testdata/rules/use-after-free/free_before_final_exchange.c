/*
 * use-after-free: the datatype clean-up block was moved up next to the
 * solver's other clean-up, but the final halo copy (used for output) still
 * needs the row type afterwards.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 48
#define NY 36

static float field[NY + 2][NX + 2];
static float outrow[NX];

int main(int argc, char **argv)
{
    int          rank, it;
    MPI_Datatype row;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY + 2; j++)
        for (int i = 0; i < NX + 2; i++)
            field[j][i] = (float)(i + j);

    MPI_Type_contiguous(NX, MPI_FLOAT, &row);
    MPI_Type_commit(&row);

    for (it = 0; it < 5; it++) {
        MPI_Sendrecv(&field[1][1], 1, row, rank, 1, &field[NY + 1][1], 1, row, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&field[NY][1], 1, row, rank, 2, &field[0][1], 1, row, rank, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    /* clean-up */
    MPI_Type_free(&row);

    /* output: copy the first interior row */
    MPI_Sendrecv(&field[1][1], 1, row, rank, 3, outrow, NX, MPI_FLOAT, rank, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: use-after-free */
    printf("[%d] %g\n", rank, outrow[0]);

    MPI_Finalize();
    return 0;
}
