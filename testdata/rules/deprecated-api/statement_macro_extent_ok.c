/*
 * deprecated-api, corrected twin of statement_macro_extent.c: the helper macro
 * reads the extent with MPI_Type_get_extent, which replaces MPI_Type_extent.
 */
#include <mpi.h>
#include <stdio.h>

#define SHOW_EXTENT(t) { \
    MPI_Aint lb_, extent_; \
    MPI_Type_get_extent(t, &lb_, &extent_); \
    printf("extent %ld\n", (long)extent_); \
}

int main(int argc, char **argv)
{
    MPI_Datatype pair;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    SHOW_EXTENT(pair);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
