/*
 * Sparse-matrix row gather with MPI-4 large-count indexed constructors
 * (MPI_Count block lengths and displacements), falling back to the int
 * interfaces on MPI-3 libraries.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NROWS 500

int main(int argc, char **argv)
{
    int          rank, nnz = 0;
    int         *rowptr;
    double      *val, *gathered;
    MPI_Datatype rowsel, rowsel_h, diag, dup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* CSR structure: row r has (r % 5) + 1 nonzeros */
    rowptr = malloc((NROWS + 1) * sizeof(int));
    rowptr[0] = 0;
    for (int r = 0; r < NROWS; r++)
        rowptr[r + 1] = rowptr[r] + r % 5 + 1;
    nnz = rowptr[NROWS];
    val = malloc(nnz * sizeof(double));
    for (int k = 0; k < nnz; k++)
        val[k] = k;

    int nsel = NROWS / 2;   /* even rows */
    int total = 0;
#if MPI_VERSION >= 4
    MPI_Count *len  = malloc(nsel * sizeof(MPI_Count));
    MPI_Count *off  = malloc(nsel * sizeof(MPI_Count));
    MPI_Count *boff = malloc(nsel * sizeof(MPI_Count));
#else
    int      *len  = malloc(nsel * sizeof(int));
    int      *off  = malloc(nsel * sizeof(int));
    MPI_Aint *boff = malloc(nsel * sizeof(MPI_Aint));
#endif
    for (int i = 0; i < nsel; i++) {
        int r = 2 * i;
        off[i]  = rowptr[r];
        len[i]  = rowptr[r + 1] - rowptr[r];
        boff[i] = rowptr[r] * (MPI_Aint)sizeof(double);
        total  += len[i];
    }
#if MPI_VERSION >= 4
    MPI_Count ones[NROWS / 5];
    for (int i = 0; i < NROWS / 5; i++)
        ones[i] = rowptr[5 * i];   /* first entry of every 5th row */
    MPI_Type_indexed_c(nsel, len, off, MPI_DOUBLE, &rowsel);
    MPI_Type_create_hindexed_c(nsel, len, boff, MPI_DOUBLE, &rowsel_h);
    MPI_Type_create_indexed_block_c(NROWS / 5, 1, ones, MPI_DOUBLE, &diag);
#else
    int ones[NROWS / 5];
    for (int i = 0; i < NROWS / 5; i++)
        ones[i] = rowptr[5 * i];
    MPI_Type_indexed(nsel, len, off, MPI_DOUBLE, &rowsel);
    MPI_Type_create_hindexed(nsel, len, boff, MPI_DOUBLE, &rowsel_h);
    MPI_Type_create_indexed_block(NROWS / 5, 1, ones, MPI_DOUBLE, &diag);
#endif
    MPI_Type_dup(rowsel_h, &dup);  /* unknown: rowsel_h comes from either branch of #if
       MPI_VERSION >= 4, which the analysis does not decide */
    MPI_Type_commit(&rowsel);
    MPI_Type_commit(&dup);
    MPI_Type_commit(&diag);

    gathered = malloc(total * sizeof(double));
    MPI_Sendrecv(val, 1, rowsel, rank, 0, gathered, total, MPI_DOUBLE, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(val, 1, dup, rank, 1, gathered, total, MPI_DOUBLE, rank, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (gathered[total - 1] != val[rowptr[NROWS - 1] - 1]) {
        fprintf(stderr, "row gather wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Sendrecv(val, 1, diag, rank, 2, gathered, NROWS / 5, MPI_DOUBLE, rank, 2,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (gathered[1] != val[rowptr[5]]) {
        fprintf(stderr, "diagonal gather wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&diag);
    MPI_Type_free(&dup);
    MPI_Type_free(&rowsel_h);
    MPI_Type_free(&rowsel);
    free(gathered);
    free(boff);
    free(off);
    free(len);
    free(val);
    free(rowptr);
    MPI_Finalize();
    return 0;
}
