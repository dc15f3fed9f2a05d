/* The number of received elements from MPI_Get_count becomes the next type's count. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          out[3] = {1, 2, 3}, in[8], n = 0;
    MPI_Status   st;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Sendrecv(out, 3, MPI_INT, 0, 0, in, 8, MPI_INT, 0, 0, MPI_COMM_SELF, &st);
    MPI_Get_count(&st, MPI_INT, &n);
    MPI_Type_contiguous(n, MPI_INT, &t);  /* unknowable: n is written by MPI_Get_count: the
       length of the message received */
    MPI_Type_free(&t);
    MPI_Finalize();
    return in[0] != 1;
}
