/*
 * Packed on-the-wire header (no padding, as read from a binary instrument
 * file).  With #pragma pack(1) the members sit at 0, 1, 5, 13 and 15; the
 * displacement table states that layout explicitly and is checked against
 * offsetof at start-up.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#pragma pack(push, 1)
typedef struct {
    unsigned char  version;    /*  0 */
    int            seqno;      /*  1 */
    double         timestamp;  /*  5 */
    short          nchan;      /* 13 */
    float          gain[4];    /* 15 */
} wire_header;                 /* 31 bytes */
#pragma pack(pop)

#define NHDR 20

int main(int argc, char **argv)
{
    int          rank;
    wire_header  hdr[NHDR], got[NHDR];
    MPI_Datatype hdr_t, hdr_struct;
    int          bl[5] = {1, 1, 1, 1, 4};
    MPI_Aint     dp[5] = {0, 1, 5, 13, 15};
    MPI_Datatype ty[5] = {MPI_UNSIGNED_CHAR, MPI_INT, MPI_DOUBLE, MPI_SHORT, MPI_FLOAT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (dp[1] != offsetof(wire_header, seqno) || dp[4] != offsetof(wire_header, gain) ||
        sizeof(wire_header) != 31) {
        fprintf(stderr, "unexpected packed layout\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* the type's natural extent would be rounded up to the alignment of
       double; the packed array has a stride of exactly 31 bytes */
    MPI_Type_create_struct(5, bl, dp, ty, &hdr_struct);
    MPI_Type_create_resized(hdr_struct, 0, sizeof(wire_header), &hdr_t);
    MPI_Type_commit(&hdr_t);

    for (int i = 0; i < NHDR; i++) {
        hdr[i].version = 3;
        hdr[i].seqno = i;
        hdr[i].timestamp = 1.5 * i;
        hdr[i].nchan = 4;
        for (int c = 0; c < 4; c++)
            hdr[i].gain[c] = 1.0f + c;
    }

    MPI_Sendrecv(hdr, NHDR, hdr_t, rank, 0, got, NHDR, hdr_t, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (got[NHDR - 1].seqno != NHDR - 1 || got[NHDR - 1].gain[3] != 4.0f) {
        fprintf(stderr, "header exchange failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&hdr_t);
    MPI_Type_free(&hdr_struct);
    MPI_Finalize();
    return 0;
}
