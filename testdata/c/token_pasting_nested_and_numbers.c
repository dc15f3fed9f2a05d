/* Token pasting as the standard has it: a pasted number (CAT(1, 6) is 16), an argument next to
 * ## not expanded first (CAT(N, 0) is N0, not 30), the same argument expanded first through
 * one more macro (XCAT(N, 0) is 30), and a paste that names another macro (CAT(BLOCK_, LONG)). */
#include <mpi.h>

#define N 3
#define N0 7
#define BLOCK_LONG 5
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)

int main(int argc, char **argv)
{
    MPI_Datatype pasted_number, unexpanded, expanded, named;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(CAT(1, 6), MPI_INT, &pasted_number);
    MPI_Type_contiguous(CAT(N, 0), MPI_INT, &unexpanded);
    MPI_Type_contiguous(XCAT(N, 0), MPI_INT, &expanded);
    MPI_Type_vector(2, CAT(BLOCK_, LONG), 8, MPI_LONG, &named);
    MPI_Type_free(&named);
    MPI_Type_free(&expanded);
    MPI_Type_free(&unexpanded);
    MPI_Type_free(&pasted_number);
    MPI_Finalize();
    return 0;
}
