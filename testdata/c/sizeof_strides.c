/*
 * Column of an array of row structs.  Counts and strides are written with
 * sizeof expressions rather than literals.
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
    int    id;
    double coef[5];
    double rhs;
} row_t;

static row_t  table[120];
static double rhs_col[sizeof table / sizeof table[0]];
static double coef_cols[sizeof table / sizeof table[0]][2];

int main(int argc, char **argv)
{
    int          rank;
    const int    nrow = (int)(sizeof table / sizeof table[0]);
    MPI_Datatype rhs_t, pair, coef_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (int r = 0; r < nrow; r++) {
        table[r].id = r;
        for (int k = 0; k < (int)(sizeof table[r].coef / sizeof table[r].coef[0]); k++)
            table[r].coef[k] = r * 10 + k;
        table[r].rhs = -r;
    }

    /* the rhs member of every row */
    MPI_Type_create_hvector(nrow, 1, sizeof(row_t), MPI_DOUBLE, &rhs_t);
    MPI_Type_commit(&rhs_t);

    /* coef[1..2] of every row: a pair of doubles stepping by sizeof table[0] */
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_create_hvector(nrow, 1, sizeof table[0], pair, &coef_t);
    MPI_Type_commit(&coef_t);

    MPI_Sendrecv(&table[0].rhs, 1, rhs_t, rank, 0, rhs_col, nrow, MPI_DOUBLE, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&table[0].coef[1], 1, coef_t, rank, 1, coef_cols, 2 * nrow, MPI_DOUBLE,
                 rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (rhs_col[nrow - 1] != -(nrow - 1) || coef_cols[nrow - 1][1] != table[nrow - 1].coef[2]) {
        fprintf(stderr, "column extraction wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&coef_t);
    MPI_Type_free(&pair);
    MPI_Type_free(&rhs_t);
    MPI_Finalize();
    return 0;
}
