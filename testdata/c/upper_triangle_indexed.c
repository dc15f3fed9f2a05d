/* The upper triangle of a row-major N x N matrix, row i from column i: an indexed type. */
#include <mpi.h>

#define N 6

int main(int argc, char **argv)
{
    int          lens[N], disps[N];
    MPI_Datatype upper;

    MPI_Init(&argc, &argv);
    for (int i = 0; i < N; i++) {
        lens[i] = N - i;
        disps[i] = i * N + i;
    }
    MPI_Type_indexed(N, lens, disps, MPI_DOUBLE, &upper);
    MPI_Type_free(&upper);
    MPI_Finalize();
    return 0;
}
