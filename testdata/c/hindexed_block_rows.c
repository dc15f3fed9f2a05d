/*
 * Send the rows of a malloc'd row-major matrix listed in a boundary list.
 * Every selected row is one block of NCOL doubles; the byte offsets go to
 * MPI_Type_create_hindexed_block.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NROW 200
#define NCOL 12

int main(int argc, char **argv)
{
    int          rank, nsel = 0;
    double      *m, *rows;
    MPI_Aint    *offs;
    MPI_Datatype sel_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    m    = malloc(NROW * NCOL * sizeof(double));
    offs = malloc(NROW * sizeof(MPI_Aint));
    for (int r = 0; r < NROW; r++)
        for (int c = 0; c < NCOL; c++)
            m[r * NCOL + c] = r + c / 100.0;

    /* boundary rows: every 7th, plus the last one */
    for (int r = 0; r < NROW; r += 7)
        offs[nsel++] = (MPI_Aint)r * NCOL * sizeof(double);
    offs[nsel++] = (MPI_Aint)(NROW - 1) * NCOL * sizeof(double);

    MPI_Type_create_hindexed_block(nsel, NCOL, offs, MPI_DOUBLE, &sel_t);
    MPI_Type_commit(&sel_t);

    rows = malloc(nsel * NCOL * sizeof(double));
    MPI_Sendrecv(m, 1, sel_t, rank, 0, rows, nsel * NCOL, MPI_DOUBLE, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rows[(nsel - 1) * NCOL] != NROW - 1 || rows[NCOL] != 7.0) {
        fprintf(stderr, "row selection wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&sel_t);
    free(rows);
    free(offs);
    free(m);
    MPI_Finalize();
    return 0;
}
