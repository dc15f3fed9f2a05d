/*
 * A checkpoint header made of the standard typedefs (stddef.h, stdint.h,
 * stdbool.h, sys/types.h, time.h): its size and the offset of each field
 * decide the datatype.
 */
#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

typedef struct {
    bool          valid;
    int_fast32_t  step;
    uint16_t      rank;
    size_t        nbytes;
    off_t         offset;
    time_t        stamp;
    pid_t         writer;
    int_least8_t  flags;
    intmax_t      total;
    uintptr_t     cookie;
} ckpt_header;

int main(int argc, char **argv)
{
    ckpt_header  h = {0};
    int          bl[4] = {1, 1, 1, 1};
    MPI_Aint     disp[4] = {offsetof(ckpt_header, step), offsetof(ckpt_header, nbytes),
                            offsetof(ckpt_header, writer), offsetof(ckpt_header, total)};
    MPI_Datatype types[4] = {MPI_LONG, MPI_UNSIGNED_LONG, MPI_INT, MPI_LONG};
    MPI_Datatype fields_t, header_t, whole_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(4, bl, disp, types, &fields_t);
    MPI_Type_create_resized(fields_t, 0, sizeof(ckpt_header), &header_t);
    MPI_Type_contiguous(sizeof h, MPI_BYTE, &whole_t);
    MPI_Type_commit(&header_t);
    MPI_Type_commit(&whole_t);
    MPI_Sendrecv_replace(&h, 1, header_t, 0, 0, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Type_free(&fields_t);
    MPI_Type_free(&header_t);
    MPI_Type_free(&whole_t);
    MPI_Finalize();
    return 0;
}
