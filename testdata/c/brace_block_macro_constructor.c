/* A constructor inside a plain `{ ... }` block macro, invoked with a trailing `;`. */
#include <mpi.h>

#define MAKE_PAIR(t) { MPI_Type_contiguous(2, MPI_LONG_LONG, &t); MPI_Type_commit(&t); }

int main(int argc, char **argv)
{
    MPI_Datatype pair;

    MPI_Init(&argc, &argv);
    MAKE_PAIR(pair);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
