/*
 * Out-of-core sample buffers described with the MPI-4 large-count
 * constructors where the library has them, with the int versions as the
 * fallback for MPI-3 libraries.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define NSAMP  4096
#define NCHAN  8

typedef struct {
    long long t_ns;
    float     v[NCHAN];
    int       flags;
} sample_t;

int main(int argc, char **argv)
{
    int          rank;
    sample_t    *s, *r;
    float       *chan;
    MPI_Datatype rec, rec_r, every_chan0, block;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    s    = malloc(NSAMP * sizeof(sample_t));
    r    = malloc(NSAMP * sizeof(sample_t));
    chan = malloc(NSAMP * sizeof(float));
    for (int i = 0; i < NSAMP; i++) {
        s[i].t_ns = 1000LL * i;
        for (int c = 0; c < NCHAN; c++)
            s[i].v[c] = (float)(i % 100) + c;
        s[i].flags = 0;
    }

#if MPI_VERSION >= 4
    MPI_Count    bl[3] = {1, NCHAN, 1};
    MPI_Count    dp[3] = {offsetof(sample_t, t_ns), offsetof(sample_t, v),
                          offsetof(sample_t, flags)};
    MPI_Datatype ty[3] = {MPI_LONG_LONG, MPI_FLOAT, MPI_INT};
    MPI_Type_create_struct_c(3, bl, dp, ty, &rec);
    MPI_Type_create_resized_c(rec, 0, sizeof(sample_t), &rec_r);
    MPI_Type_create_hvector_c(NSAMP, 1, sizeof(sample_t), MPI_FLOAT, &every_chan0);
    MPI_Type_contiguous_c(NSAMP, rec_r, &block);
#else
    int          bl[3] = {1, NCHAN, 1};
    MPI_Aint     dp[3] = {offsetof(sample_t, t_ns), offsetof(sample_t, v),
                          offsetof(sample_t, flags)};
    MPI_Datatype ty[3] = {MPI_LONG_LONG, MPI_FLOAT, MPI_INT};
    MPI_Type_create_struct(3, bl, dp, ty, &rec);
    MPI_Type_create_resized(rec, 0, sizeof(sample_t), &rec_r);
    MPI_Type_create_hvector(NSAMP, 1, sizeof(sample_t), MPI_FLOAT, &every_chan0);
    MPI_Type_contiguous(NSAMP, rec_r, &block);
#endif
    MPI_Type_commit(&block);
    MPI_Type_commit(&every_chan0);

    MPI_Sendrecv(s, 1, block, rank, 0, r, 1, block, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&s[0].v[0], 1, every_chan0, rank, 1, chan, NSAMP, MPI_FLOAT, rank, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (r[NSAMP - 1].t_ns != s[NSAMP - 1].t_ns || chan[NSAMP - 1] != s[NSAMP - 1].v[0]) {
        fprintf(stderr, "sample buffers differ\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&block);
    MPI_Type_free(&every_chan0);
    MPI_Type_free(&rec_r);
    MPI_Type_free(&rec);
    free(chan);
    free(r);
    free(s);
    MPI_Finalize();
    return 0;
}
