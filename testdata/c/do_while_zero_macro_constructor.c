/* A constructor and its commit inside a `do { ... } while (0)` statement macro. */
#include <mpi.h>

#define MAKE_COLUMN(t, n, ld)                               \
    do {                                                    \
        MPI_Type_vector((n), 1, (ld), MPI_DOUBLE, &(t));    \
        MPI_Type_commit(&(t));                              \
    } while (0)

int main(int argc, char **argv)
{
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MAKE_COLUMN(column, 6, 10);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
