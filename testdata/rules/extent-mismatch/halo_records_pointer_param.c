/*
 * extent-mismatch: a library routine ships the boundary records it is given
 * through a pointer.  The struct type covers `id` and `pos` (the first 32
 * bytes of a 56-byte record) and is never resized, so record i of the message
 * is read from byte 32*i instead of 56*i.  Nothing in this file calls the
 * routine: only the pointer's type says what one element is.
 */
#include <mpi.h>
#include <stddef.h>

typedef struct {
    int    id;
    double pos[3];
    double vel[3];
} record_t;

void send_boundary(const record_t *recs, int dest, MPI_Comm comm)
{
    int          bl[2]    = {1, 3};
    MPI_Aint     disp[2]  = {offsetof(record_t, id), offsetof(record_t, pos)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Datatype rtype;

    MPI_Type_create_struct(2, bl, disp, types, &rtype);
    MPI_Type_commit(&rtype);
    MPI_Send(recs, 16, rtype, dest, 7, comm); /* expect: extent-mismatch */
    MPI_Type_free(&rtype);
}
