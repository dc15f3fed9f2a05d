/*
 * Checkpoint buffer assembled with MPI_Pack: a header struct, then a strided
 * selection of the solution, both described by derived types; restored with
 * MPI_Unpack into fresh arrays.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSOL 1000
#define EVERY 10

typedef struct {
    int    step;
    double time;
    int    nsaved;
} ckpt_header;

int main(int argc, char **argv)
{
    ckpt_header  h = {125, 0.0625, NSOL / EVERY}, h2;
    double      *sol, *saved;
    MPI_Datatype hdr_t, strided_t;
    int          sz_h, sz_s, bufsize, pos;
    char        *buf;

    MPI_Init(&argc, &argv);

    int          bl[2] = {1, 1};
    MPI_Aint     dp[2] = {offsetof(ckpt_header, step), offsetof(ckpt_header, time)};
    MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Datatype hdr_part;
    /* step and time, then nsaved as its own block */
    MPI_Type_create_struct(2, bl, dp, ty, &hdr_part);
    {
        int          bl2[2] = {1, 1};
        MPI_Aint     dp2[2] = {0, offsetof(ckpt_header, nsaved)};
        MPI_Datatype ty2[2] = {hdr_part, MPI_INT};
        MPI_Type_create_struct(2, bl2, dp2, ty2, &hdr_t);
    }
    MPI_Type_commit(&hdr_t);

    MPI_Type_vector(NSOL / EVERY, 1, EVERY, MPI_DOUBLE, &strided_t);
    MPI_Type_commit(&strided_t);

    sol = malloc(NSOL * sizeof(double));
    saved = calloc(NSOL, sizeof(double));
    for (int i = 0; i < NSOL; i++)
        sol[i] = i * 0.5;

    MPI_Pack_size(1, hdr_t, MPI_COMM_SELF, &sz_h);
    MPI_Pack_size(1, strided_t, MPI_COMM_SELF, &sz_s);
    bufsize = sz_h + sz_s;
    buf = malloc(bufsize);

    pos = 0;
    MPI_Pack(&h, 1, hdr_t, buf, bufsize, &pos, MPI_COMM_SELF);
    MPI_Pack(sol, 1, strided_t, buf, bufsize, &pos, MPI_COMM_SELF);

    memset(&h2, 0, sizeof h2);
    pos = 0;
    MPI_Unpack(buf, bufsize, &pos, &h2, 1, hdr_t, MPI_COMM_SELF);
    MPI_Unpack(buf, bufsize, &pos, saved, 1, strided_t, MPI_COMM_SELF);

    if (h2.step != h.step || h2.nsaved != h.nsaved || saved[NSOL - EVERY] != sol[NSOL - EVERY] ||
        saved[1] != 0.0) {
        fprintf(stderr, "checkpoint round trip failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    free(buf);
    free(saved);
    free(sol);
    MPI_Type_free(&strided_t);
    MPI_Type_free(&hdr_t);
    MPI_Type_free(&hdr_part);
    MPI_Finalize();
    return 0;
}
