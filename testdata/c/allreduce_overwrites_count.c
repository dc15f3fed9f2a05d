/* The global count from MPI_Allreduce(SUM) replaces the receive buffer's initial 0. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          local = 5, total = 0;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Type_contiguous(total, MPI_DOUBLE, &t);  /* unknowable: total is written by MPI_Allreduce */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
