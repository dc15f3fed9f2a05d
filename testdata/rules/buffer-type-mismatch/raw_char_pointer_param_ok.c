/*
 * Not a finding: `char *` is C's raw memory.  A transport layer hands out
 * byte pointers into buffers whose real element type only the caller knows,
 * so the datatype argument, not the pointer's type, says what is there.
 */
#include <mpi.h>

void post_send(char *payload, int count, MPI_Datatype type, int dest, MPI_Comm comm,
               MPI_Request *req)
{
    MPI_Isend(payload, count, type, dest, 5, comm, req);
}

void send_ints(char *payload, int dest, MPI_Comm comm)
{
    MPI_Send(payload, 4, MPI_INT, dest, 6, comm);
}
