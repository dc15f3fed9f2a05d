/* A block length agreed with MPI_Allreduce(MPI_IN_PLACE, MAX): the value in place may change. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          block = 3;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Allreduce(MPI_IN_PLACE, &block, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Type_vector(2, block, 8, MPI_INT, &t);  /* unknowable: block is written by MPI_Allreduce
       (in place) */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
