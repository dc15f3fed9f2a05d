/* `for (;;)` with a break once the size reaches a bound: the count after the loop is 16. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          n = 1;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    for (;;) {
        if (n >= 10)
            break;
        n *= 2;
    }
    MPI_Type_contiguous(n, MPI_CHAR, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
