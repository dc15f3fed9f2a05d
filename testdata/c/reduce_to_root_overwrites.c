/* MPI_Reduce writes the root's result buffer: its initial -1 becomes the maximum, 4. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          mine = 4, widest = -1;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Reduce(&mine, &widest, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_SELF);
    MPI_Type_contiguous(widest, MPI_LONG, &t);  /* unknowable: widest is written by MPI_Reduce at
       the root */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
