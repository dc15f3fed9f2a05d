/*
 * MPI-4 large-count interface: MPI_Type_contiguous_c takes an MPI_Count,
 * and MPI_Type_get_extent_c / MPI_Type_size_c report MPI_Count values.  A
 * block of NBLK doubles is described once and sent as one element.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NBLK 4096

int main(int argc, char **argv)
{
    int          rank;
    MPI_Count    n = NBLK, size, lb, extent;
    MPI_Datatype block;
    double      *src, *dst;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    src = malloc(NBLK * sizeof(double));
    dst = malloc(NBLK * sizeof(double));
    for (int i = 0; i < NBLK; i++)
        src[i] = i;

    MPI_Type_contiguous_c(n, MPI_DOUBLE, &block);
    MPI_Type_commit(&block);
    MPI_Type_size_c(block, &size);
    MPI_Type_get_extent_c(block, &lb, &extent);
    printf("[%d] size %lld extent %lld\n", rank, (long long)size, (long long)extent);

    MPI_Sendrecv(src, 1, block, rank, 0, dst, 1, block, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] dst[last] = %g\n", rank, dst[NBLK - 1]);

    MPI_Type_free(&block);
    free(dst);
    free(src);
    MPI_Finalize();
    return 0;
}
