/*
 * A small communication library keeps its own duplicates of the datatypes the
 * caller registers, so the caller may free its handles at any time.
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
    MPI_Datatype elem;      /* library-owned duplicate */
    MPI_Datatype scalar;    /* duplicate of a predefined type */
    MPI_Comm     comm;
} exch_ctx;

static int exch_init(exch_ctx *ctx, MPI_Datatype user_elem, MPI_Comm comm)
{
    int err;
    ctx->comm = comm;
    err = MPI_Type_dup(user_elem, &ctx->elem);
    if (err != MPI_SUCCESS)
        return err;
    MPI_Type_commit(&ctx->elem);
    err = MPI_Type_dup(MPI_DOUBLE, &ctx->scalar);
    if (err == MPI_SUCCESS)
        err = MPI_Type_commit(&ctx->scalar);
    return err;
}

static void exch_finalize(exch_ctx *ctx)
{
    MPI_Type_free(&ctx->scalar);
    MPI_Type_free(&ctx->elem);
}

int main(int argc, char **argv)
{
    int          rank;
    double       tensor[9 * 10], out[9 * 10], norm = 0.0, total;
    MPI_Datatype sym_t;
    exch_ctx     ctx;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (int i = 0; i < 90; i++) {
        tensor[i] = i;
        out[i] = 0.0;
    }

    /* the caller describes the upper triangle of a 3x3 tensor (6 of 9 entries) */
    int blen[3] = {3, 2, 1};
    int disp[3] = {0, 4, 8};
    MPI_Type_indexed(3, blen, disp, MPI_DOUBLE, &sym_t);
    exch_init(&ctx, sym_t, MPI_COMM_WORLD);
    MPI_Type_free(&sym_t);        /* the library keeps its own copy */

    MPI_Datatype tensors;
    MPI_Type_create_resized(ctx.elem, 0, 9 * sizeof(double), &tensors);
    MPI_Type_commit(&tensors);
    MPI_Sendrecv(tensor, 10, tensors, rank, 0, out, 10, tensors, rank, 0,
                 ctx.comm, MPI_STATUS_IGNORE);

    for (int i = 0; i < 90; i++)
        norm += out[i];
    /* predefined reduction ops are not defined on a duplicate of MPI_DOUBLE,
       so the scalar handle is only used point-to-point */
    MPI_Sendrecv(&norm, 1, ctx.scalar, rank, 1, &total, 1, ctx.scalar, rank, 1,
                 ctx.comm, MPI_STATUS_IGNORE);
    if (out[9 + 8] != tensor[9 + 8] || out[9 + 3] != 0.0 || total != norm) {
        fprintf(stderr, "tensor exchange wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&tensors);
    exch_finalize(&ctx);
    MPI_Finalize();
    return 0;
}
