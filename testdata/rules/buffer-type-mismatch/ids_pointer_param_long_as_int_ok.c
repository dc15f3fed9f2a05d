/*
 * buffer-type-mismatch, corrected: the `long` ids go out as MPI_LONG.
 */
#include <mpi.h>

void send_cell_ids(const long *ids, int n, int dest, MPI_Comm comm)
{
    MPI_Send(ids, n, MPI_LONG, dest, 3, comm);
}
