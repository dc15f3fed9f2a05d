/* `sizeof x`, `sizeof *p` and `sizeof a / sizeof a[0]`, all without parentheses. */
#include <mpi.h>

int main(int argc, char **argv)
{
    long         x = 0;
    float        a[9], *p = a;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    a[0] = (float)x;
    MPI_Type_vector(sizeof a / sizeof a[0], sizeof *p, sizeof x, MPI_BYTE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
