/* One block per process: the count is the size of MPI_COMM_WORLD, known at run time only. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          nprocs;
    MPI_Datatype per_proc;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Type_vector(nprocs, 1, 4, MPI_DOUBLE, &per_proc);  /* unknowable: the count is the number
       of processes (MPI_Comm_size) */
    MPI_Type_free(&per_proc);
    MPI_Finalize();
    return 0;
}
