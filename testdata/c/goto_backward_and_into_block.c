/* Jumps whose paths cannot be joined where the label stands: a retry loop made of a backward
   goto, and a jump into a block further on. What reaches those labels is not known. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype t;
    int n;

    MPI_Init(&argc, &argv);
    n = 2;
retry:
    MPI_Type_contiguous(n, MPI_INT, &t);  /* unknown: a backward goto reaches the label above
       with another n */
    MPI_Type_free(&t);
    if (n < 4) {
        n = 4;
        goto retry;
    }

    n = 3;
    if (argc > 0)
        goto inside;
    n = 7;
    if (argc >= 0) {
inside:
        MPI_Type_contiguous(n, MPI_INT, &t);  /* unknown: the goto lands inside a later block,
           where the paths are not joined */
        MPI_Type_free(&t);
    }
    MPI_Finalize();
    return 0;
}
