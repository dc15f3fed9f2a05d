/*
 * deprecated-api: a helper macro (a block statement) prints the extent of a
 * type with MPI_Type_extent, which MPI-3.0 removed.  The finding is at the
 * macro's use and names the removed function; no fix is offered there (the
 * edit belongs in the macro).
 */
#include <mpi.h>
#include <stdio.h>

#define SHOW_EXTENT(t) { \
    MPI_Aint extent_; \
    MPI_Type_extent(t, &extent_); \
    printf("extent %ld\n", (long)extent_); \
}

int main(int argc, char **argv)
{
    MPI_Datatype pair;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    SHOW_EXTENT(pair); /* expect: deprecated-api */
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
