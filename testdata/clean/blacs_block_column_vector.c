/*
 * BLACS/ScaLAPACK-style panel broadcast: a column panel of NB columns of a
 * column-major local matrix (leading dimension LLD) is an MPI_Type_vector
 * of NB blocks of MB contiguous doubles, stride LLD.
 */
#include <mpi.h>
#include <stdio.h>

#define LLD 64   /* local leading dimension (rows) */
#define LN  48   /* local columns */
#define MB  32   /* rows in the panel */
#define NB  8    /* columns in the panel */

static double A[LN * LLD];   /* A(i,j) = A[i + j*LLD] */

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype panel;
    int          ioff = 16, joff = 8;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int j = 0; j < LN; j++)
            for (int i = 0; i < LLD; i++)
                A[i + j * LLD] = i + 1000.0 * j;

    MPI_Type_vector(NB, MB, LLD, MPI_DOUBLE, &panel);
    MPI_Type_commit(&panel);
    MPI_Bcast(&A[ioff + joff * LLD], 1, panel, 0, MPI_COMM_WORLD);
    printf("[%d] A(16,8) = %g\n", rank, A[ioff + joff * LLD]);

    MPI_Type_free(&panel);
    MPI_Finalize();
    return 0;
}
