/*
 * Distributed transpose of a row-slab decomposed matrix with MPI_Alltoallw:
 * each peer gets a column block described by a subarray, and the receive
 * side writes it transposed with a resized column type.  Written for any
 * number of processes; NGLOB must divide evenly.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NGLOB 48

int main(int argc, char **argv)
{
    int           rank, nprocs;
    double       *a, *at;
    MPI_Datatype *stypes, *rtypes, col, col_r;
    int          *scounts, *rcounts, *sdispls, *rdispls;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    const int nloc = NGLOB / nprocs;          /* rows per process */
    a  = malloc((size_t)nloc * NGLOB * sizeof(double));
    at = malloc((size_t)nloc * NGLOB * sizeof(double));
    for (int i = 0; i < nloc; i++)
        for (int j = 0; j < NGLOB; j++)
            a[i * NGLOB + j] = (rank * nloc + i) * 1000.0 + j;

    stypes  = malloc(nprocs * sizeof(MPI_Datatype));
    rtypes  = malloc(nprocs * sizeof(MPI_Datatype));
    scounts = malloc(nprocs * sizeof(int));
    rcounts = malloc(nprocs * sizeof(int));
    sdispls = malloc(nprocs * sizeof(int));
    rdispls = malloc(nprocs * sizeof(int));

    /* receive: one column of the local transposed slab, with the extent of
       a double so consecutive columns interleave */
    MPI_Type_vector(nloc, 1, NGLOB, MPI_DOUBLE, &col);  /* unknowable: nloc = NGLOB / nprocs, the
       number of processes is known at run time only */
    MPI_Type_create_resized(col, 0, sizeof(double), &col_r);  /* unknowable: col is unknown (its
       count depends on the number of processes) */
    MPI_Type_commit(&col_r);

    for (int p = 0; p < nprocs; p++) {
        int sizes[2] = {nloc, NGLOB}, sub[2] = {nloc, nloc}, start[2] = {0, p * nloc};
        MPI_Type_create_subarray(2, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &stypes[p]);  /* unknowable:
           nloc = NGLOB / nprocs, the number of processes is known at run time only */
        MPI_Type_commit(&stypes[p]);
        scounts[p] = 1;
        sdispls[p] = 0;
        rtypes[p]  = col_r;
        rcounts[p] = nloc;
        rdispls[p] = p * nloc * (int)sizeof(double);
    }

    MPI_Alltoallw(a, scounts, sdispls, stypes, at, rcounts, rdispls, rtypes, MPI_COMM_WORLD);

    /* at[i][j] == a_global[j][rank*nloc + i] */
    for (int i = 0; i < nloc; i++)
        for (int j = 0; j < NGLOB; j++)
            if (at[i * NGLOB + j] != j * 1000.0 + rank * nloc + i) {
                fprintf(stderr, "[%d] at(%d,%d) = %g\n", rank, i, j, at[i * NGLOB + j]);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }

    for (int p = 0; p < nprocs; p++)
        MPI_Type_free(&stypes[p]);
    MPI_Type_free(&col_r);
    MPI_Type_free(&col);
    free(rdispls); free(sdispls); free(rcounts); free(scounts);
    free(rtypes); free(stypes);
    free(at); free(a);
    MPI_Finalize();
    return 0;
}
