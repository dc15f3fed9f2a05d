/* A stride received with Irecv/Isend/Waitall to self: the initial 1 is replaced by 9. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          stride = 1, value = 9;
    MPI_Request  reqs[2];
    MPI_Status   stats[2];
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Irecv(&stride, 1, MPI_INT, 0, 3, MPI_COMM_SELF, &reqs[0]);
    MPI_Isend(&value, 1, MPI_INT, 0, 3, MPI_COMM_SELF, &reqs[1]);
    MPI_Waitall(2, reqs, stats);
    MPI_Type_vector(3, 1, stride, MPI_INT, &t);  /* unknowable: stride is written by MPI_Irecv */
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
