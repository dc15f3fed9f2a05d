/*
 * signature-mismatch: rank 0 sends a 4-vector of doubles; rank 1 was changed
 * to single precision and receives contiguous(4, MPI_FLOAT).  Same tag, same
 * communicator: the message matches, the signatures do not.
 */
#include <mpi.h>
#include <stdio.h>

#define TAG_VEC 40

int main(int argc, char **argv)
{
    int          rank;
    double       v[4] = {0.5, 1.5, 2.5, 3.5};
    float        w[4];
    MPI_Datatype vec4f;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(4, MPI_FLOAT, &vec4f);
    MPI_Type_commit(&vec4f);

    if (rank == 0) {
        MPI_Send(v, 4, MPI_DOUBLE, 1, TAG_VEC, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(w, 1, vec4f, 0, TAG_VEC, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* expect: signature-mismatch */
        printf("[1] %g %g\n", w[0], w[3]);
    }

    MPI_Type_free(&vec4f);
    MPI_Finalize();
    return 0;
}
