/* A count built step by step with +=, *=, -=, /=, %= and ++. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          n = 3;
    MPI_Datatype t;

    n += 4;   /* 7 */
    n *= 6;   /* 42 */
    n -= 2;   /* 40 */
    n /= 3;   /* 13 */
    n %= 8;   /* 5 */
    n++;      /* 6 */
    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(n, MPI_LONG, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
