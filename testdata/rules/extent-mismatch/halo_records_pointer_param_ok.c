/*
 * extent-mismatch, corrected: the struct type of the boundary records is
 * resized to sizeof(record_t) before the records are sent through the
 * pointer, so record i of the message starts at byte 56*i.
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
    {
        MPI_Datatype resized;
        MPI_Type_create_resized(rtype, 0, (MPI_Aint)sizeof(record_t), &resized);
        MPI_Type_free(&rtype);
        rtype = resized;
    }
    MPI_Type_commit(&rtype);
    MPI_Send(recs, 16, rtype, dest, 7, comm);
    MPI_Type_free(&rtype);
}
