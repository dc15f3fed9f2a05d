/*
 * Scatter of a column-major global matrix onto a 2 x 2 block-cyclic BLACS
 * grid, in the style of the BLACS MPI back end: a general m x n submatrix is
 * a vector (n columns of m entries, stride lda), the rows a process row owns
 * are an indexed type over one column, and a panel of NB columns is an
 * hvector of that row type with stride lda*sizeof(double).  Only the piece of
 * process (0,0) is moved, so this runs on a single process.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define M     100   /* global rows */
#define N     60    /* global cols */
#define MB    16    /* row block */
#define NB    8     /* column block */
#define NPROW 2
#define NPCOL 2
#define A_(i, j) a[(size_t)(j) * lda + (i)]

/* number of rows/cols of a dimension of size n owned by process p (cf. NUMROC) */
static int numroc(int n, int nb, int p, int np)
{
    int nblocks = n / nb, count = (nblocks / np) * nb;
    int extra = nblocks % np;
    if (p < extra)
        count += nb;
    else if (p == extra)
        count += n % nb;
    return count;
}

int main(int argc, char **argv)
{
    const int    lda = M;
    const int    myrow = 0, mycol = 0;
    int          rank;
    double      *a, *panel, *sub;
    MPI_Datatype rows_t, panel_t, subm_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    a = malloc((size_t)lda * N * sizeof(double));
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++)
            A_(i, j) = i + 1000.0 * j;

    /* rows of one column owned by process row myrow */
    int nrblk = (M + MB - 1) / MB, nmine = 0;
    int *blen = malloc(nrblk * sizeof(int));
    int *bdsp = malloc(nrblk * sizeof(int));
    for (int b = myrow; b < nrblk; b += NPROW) {
        bdsp[nmine] = b * MB;
        blen[nmine] = (b * MB + MB <= M) ? MB : M - b * MB;
        nmine++;
    }
    MPI_Type_indexed(nmine, blen, bdsp, MPI_DOUBLE, &rows_t);

    /* panel: NB consecutive columns of those rows */
    MPI_Type_create_hvector(NB, 1, (MPI_Aint)lda * sizeof(double), rows_t, &panel_t);
    MPI_Type_commit(&panel_t);

    int mloc = numroc(M, MB, myrow, NPROW);
    int nloc = numroc(N, NB, mycol, NPCOL);
    const int lld = mloc;
    panel = malloc((size_t)lld * nloc * sizeof(double));

    /* column blocks of process column mycol, one panel each */
    int jl = 0;
    for (int jb = mycol * NB; jb < N; jb += NPCOL * NB, jl += NB)
        MPI_Sendrecv(&A_(0, jb), 1, panel_t, rank, jb,
                     &panel[(size_t)jl * lld], mloc * NB, MPI_DOUBLE, rank, jb,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* local (17,9) is global row MB*NPROW + 1, column NB*NPCOL + 1 */
    if (panel[9 * lld + 17] != A_(MB * NPROW + 1, NB * NPCOL + 1)) {
        fprintf(stderr, "block-cyclic scatter wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* dgesd2d-style general submatrix: the top-left 12 x 5 of the local panel */
    MPI_Type_vector(5, 12, lld, MPI_DOUBLE, &subm_t);
    MPI_Type_commit(&subm_t);
    sub = malloc(12 * 5 * sizeof(double));
    MPI_Sendrecv(panel, 1, subm_t, rank, 99, sub, 60, MPI_DOUBLE, rank, 99,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (sub[4 * 12 + 11] != panel[4 * lld + 11]) {
        fprintf(stderr, "submatrix wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&subm_t);
    MPI_Type_free(&panel_t);
    MPI_Type_free(&rows_t);
    free(sub);
    free(panel);
    free(bdsp);
    free(blen);
    free(a);
    MPI_Finalize();
    return 0;
}
