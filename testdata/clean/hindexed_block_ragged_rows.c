/*
 * Gathering the first NSEL entries of selected rows of a row-major table:
 * MPI_Type_create_hindexed_block with byte displacements of the rows,
 * computed in a loop with constant bounds.
 */
#include <mpi.h>
#include <stdio.h>

#define NROWS 64
#define NCOLS 10
#define NPICK 8
#define NSEL 4

static int table[NROWS][NCOLS];
static int picked[NPICK * NSEL];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Aint     displs[NPICK];
    MPI_Datatype rows;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int r = 0; r < NROWS; r++)
        for (int c = 0; c < NCOLS; c++)
            table[r][c] = r * 100 + c;

    for (int k = 0; k < NPICK; k++)
        displs[k] = (MPI_Aint)((7 * k + 3) * NCOLS * sizeof(int));
    MPI_Type_create_hindexed_block(NPICK, NSEL, displs, MPI_INT, &rows);
    MPI_Type_commit(&rows);

    MPI_Sendrecv(table, 1, rows, rank, 0, picked, NPICK * NSEL, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] picked[4] = %d\n", rank, picked[4]);

    MPI_Type_free(&rows);
    MPI_Finalize();
    return 0;
}
