/* A helper called from two places with different sizes; each caller dups its result. */
#include <mpi.h>

static MPI_Datatype make_row(int n)
{
    MPI_Datatype row;
    MPI_Type_contiguous(n, MPI_INT, &row);
    return row;
}

int main(int argc, char **argv)
{
    MPI_Datatype small, large, small_copy, large_copy;

    MPI_Init(&argc, &argv);
    small = make_row(4);
    large = make_row(16);
    MPI_Type_dup(small, &small_copy);
    MPI_Type_dup(large, &large_copy);
    MPI_Type_free(&small_copy);
    MPI_Type_free(&large_copy);
    MPI_Type_free(&small);
    MPI_Type_free(&large);
    MPI_Finalize();
    return 0;
}
