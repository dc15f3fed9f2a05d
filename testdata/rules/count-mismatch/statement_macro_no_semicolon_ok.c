/*
 * count-mismatch, corrected twin of statement_macro_no_semicolon.c: the
 * block-length list has the fourth row too.  The error-check macro after
 * each call is used without `;` (its expansion is a block, a complete
 * statement); the element assignments right after it (`lens[0] = 2;`) are
 * statements, not declarations of arrays of length 0.
 */
#include <mpi.h>
#include <stdio.h>

#define CHECK {if (err != MPI_SUCCESS) {fprintf(stderr, "error at line %d\n", __LINE__); nerrs++;}}

static double band[64];

int main(int argc, char **argv)
{
    int err, nerrs = 0, rank;
    int lens[4], displs[4];
    MPI_Datatype rows;

    MPI_Init(&argc, &argv);
    err = MPI_Comm_rank(MPI_COMM_WORLD, &rank); CHECK
    lens[0] = 2; lens[1] = 3; lens[2] = 3;
    lens[3] = 3;
    displs[0] = 0; displs[1] = 8; displs[2] = 17; displs[3] = 26;
    err = MPI_Type_indexed(4, lens, displs, MPI_DOUBLE, &rows); CHECK
    err = MPI_Type_commit(&rows); CHECK
    err = MPI_Bcast(band, 1, rows, 0, MPI_COMM_WORLD); CHECK

    MPI_Type_free(&rows);
    MPI_Finalize();
    return nerrs != 0;
}
