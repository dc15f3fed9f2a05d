/*
 * signature-mismatch, corrected twin of pair_double_vs_float_contig.c: both
 * sides use double; rank 1 receives one contiguous(4, MPI_DOUBLE), which has
 * the signature of 4 x MPI_DOUBLE.
 */
#include <mpi.h>
#include <stdio.h>

#define TAG_VEC 40

int main(int argc, char **argv)
{
    int          rank;
    double       v[4] = {0.5, 1.5, 2.5, 3.5};
    double       w[4];
    MPI_Datatype vec4d;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(4, MPI_DOUBLE, &vec4d);
    MPI_Type_commit(&vec4d);

    if (rank == 0) {
        MPI_Send(v, 4, MPI_DOUBLE, 1, TAG_VEC, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(w, 1, vec4d, 0, TAG_VEC, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] %g %g\n", w[0], w[3]);
    }

    MPI_Type_free(&vec4d);
    MPI_Finalize();
    return 0;
}
