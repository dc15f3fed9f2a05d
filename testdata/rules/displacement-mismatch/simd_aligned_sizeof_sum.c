/*
 * displacement-mismatch: a vectorised kernel aligns the weights of each
 * record to 32 bytes.  The datatype computes the displacement of w as
 * 2*sizeof(int) = 8, but w is at offset 32 (24 bytes of alignment padding):
 * the float block starts in the padding.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NREC 128

struct wrec {
    int             id;
    int             level;
    _Alignas(32) float w[8];
};

static struct wrec recs[NREC];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, rectype;
    int          bl[2]    = {2, 8};
    MPI_Aint     disp[2]  = {0, 2 * sizeof(int)};
    MPI_Datatype types[2] = {MPI_INT, MPI_FLOAT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NREC; i++) {
            recs[i].id = i;
            recs[i].level = i / 16;
            for (int k = 0; k < 8; k++)
                recs[i].w[k] = 0.125f * k;
        }

    MPI_Type_create_struct(2, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct wrec), &rectype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&rectype);

    MPI_Bcast(recs, NREC, rectype, 0, MPI_COMM_WORLD); /* expect: displacement-mismatch */
    printf("[%d] rec 3 w[7] = %g\n", rank, recs[3].w[7]);

    MPI_Type_free(&rectype);
    MPI_Finalize();
    return 0;
}
