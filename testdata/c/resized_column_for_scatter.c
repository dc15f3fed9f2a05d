/* A column resized to one element so that consecutive columns follow each other in a scatter. */
#include <mpi.h>

#define N 4

int main(int argc, char **argv)
{
    double       a[N][N], col[N];
    MPI_Datatype column, column_r;

    MPI_Init(&argc, &argv);
    for (int i = 0; i < N * N; i++)
        a[i / N][i % N] = i;
    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
    MPI_Type_create_resized(column, 0, sizeof(double), &column_r);
    MPI_Type_commit(&column_r);
    MPI_Scatter(a, 1, column_r, col, N, MPI_DOUBLE, 0, MPI_COMM_SELF);
    MPI_Type_free(&column_r);
    MPI_Type_free(&column);
    MPI_Finalize();
    return col[N - 1] != a[N - 1][0];
}
