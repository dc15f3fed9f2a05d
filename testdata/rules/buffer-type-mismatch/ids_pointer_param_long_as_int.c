/*
 * buffer-type-mismatch: a helper ships the global ids of the cells it is
 * given.  The ids are `long` (8 bytes on LP64) but go out as MPI_INT, so the
 * receiver gets the low and high halves of the first n/2 ids.  Nothing in
 * this file calls the helper: the pointer's type says what the buffer holds.
 */
#include <mpi.h>

void send_cell_ids(const long *ids, int n, int dest, MPI_Comm comm)
{
    MPI_Send(ids, n, MPI_INT, dest, 3, comm); /* expect: buffer-type-mismatch */
}
