/*
 * A message header whose kind is a packed enum (`enum __attribute__((packed))`,
 * one byte) and whose status is a packed enum with a value above 255 (two
 * bytes): the offsets after them follow.
 */
#include <mpi.h>
#include <stddef.h>

enum __attribute__((packed)) kind { KIND_DATA, KIND_ACK, KIND_NACK };
typedef enum { ST_OK = 0, ST_RETRY = 300 } __attribute__((packed)) status_t;

struct header {
    enum kind kind;
    status_t  status;
    short     seq;
    int       len;
};

int main(int argc, char **argv)
{
    struct header h[2];
    int           bl[4] = {1, 1, 1, 1};
    MPI_Aint      disp[4] = {offsetof(struct header, kind), offsetof(struct header, status),
                             offsetof(struct header, seq), offsetof(struct header, len)};
    MPI_Datatype  types[4] = {MPI_BYTE, MPI_SHORT, MPI_SHORT, MPI_INT};
    MPI_Datatype  raw, header_t, kinds_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(4, bl, disp, types, &raw);
    MPI_Type_create_resized(raw, 0, sizeof(struct header), &header_t);
    MPI_Type_contiguous(sizeof(enum kind) * 16, MPI_BYTE, &kinds_t);
    MPI_Type_commit(&header_t);
    MPI_Type_commit(&kinds_t);
    h[0].kind = KIND_ACK;
    h[0].status = ST_RETRY;
    MPI_Sendrecv_replace(h, 2, header_t, 0, 0, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Type_free(&raw);
    MPI_Type_free(&header_t);
    MPI_Type_free(&kinds_t);
    MPI_Finalize();
    return 0;
}
