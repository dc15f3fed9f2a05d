/* The main diagonal and the first superdiagonal of an N x N matrix as indexed_block types. */
#include <mpi.h>

#define N 7

int main(int argc, char **argv)
{
    int          diag[N], super[N - 1];
    MPI_Datatype d0, d1;

    MPI_Init(&argc, &argv);
    for (int i = 0; i < N; i++)
        diag[i] = i * (N + 1);
    for (int i = 0; i < N - 1; i++)
        super[i] = i * (N + 1) + 1;
    MPI_Type_create_indexed_block(N, 1, diag, MPI_DOUBLE, &d0);
    MPI_Type_create_indexed_block(N - 1, 1, super, MPI_DOUBLE, &d1);
    MPI_Type_free(&d1);
    MPI_Type_free(&d0);
    MPI_Finalize();
    return 0;
}
