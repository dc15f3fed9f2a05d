/* A count fetched with MPI_Get from a window (this process's own) replaces the initial 1. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int         *exposed, n = 1;
    MPI_Win      win;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &exposed, &win);
    *exposed = 11;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Get(&n, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
    MPI_Type_contiguous(n, MPI_CHAR, &t);  /* unknowable: n is written by MPI_Get */
    MPI_Win_free(&win);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
