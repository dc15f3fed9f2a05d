/*
 * Fixed-size batches of tracer records.  A batch of BATCH records is one
 * MPI_Type_contiguous of the (resized) record type, so batches can be counted
 * directly in sends and receives.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define BATCH 32

typedef struct {
    double pos[2];
    double vel[2];
    int    cell;
    int    alive;
} tracer_t;

int main(int argc, char **argv)
{
    int          rank, nbatch = 6;
    MPI_Datatype rec, rec_r, batch;
    tracer_t    *tr, *out;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int          bl[2] = {4, 2};
    MPI_Aint     dp[2] = {offsetof(tracer_t, pos), offsetof(tracer_t, cell)};
    MPI_Datatype ty[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Type_create_struct(2, bl, dp, ty, &rec);
    MPI_Type_create_resized(rec, 0, sizeof(tracer_t), &rec_r);
    MPI_Type_contiguous(BATCH, rec_r, &batch);
    MPI_Type_commit(&batch);

    tr  = malloc(nbatch * BATCH * sizeof(tracer_t));
    out = malloc(nbatch * BATCH * sizeof(tracer_t));
    for (int i = 0; i < nbatch * BATCH; i++) {
        tr[i].pos[0] = i; tr[i].pos[1] = -i;
        tr[i].vel[0] = 1; tr[i].vel[1] = 2;
        tr[i].cell = i / 4;
        tr[i].alive = 1;
    }

    MPI_Request rq[2];
    MPI_Status  st[2];
    MPI_Irecv(out, nbatch, batch, rank, 0, MPI_COMM_WORLD, &rq[0]);
    MPI_Isend(tr, nbatch, batch, rank, 0, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, st);

    int nrecv;
    MPI_Get_count(&st[0], batch, &nrecv);
    if (nrecv != nbatch || out[nbatch * BATCH - 1].cell != tr[nbatch * BATCH - 1].cell) {
        fprintf(stderr, "received %d batches\n", nrecv);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&batch);
    MPI_Type_free(&rec_r);
    MPI_Type_free(&rec);
    free(out);
    free(tr);
    MPI_Finalize();
    return 0;
}
