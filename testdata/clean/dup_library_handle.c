/*
 * A library takes a user datatype and keeps its own duplicate
 * (MPI_Type_dup), so the user may free the original at any time; the
 * library frees its copy in its finalize routine.
 */
#include <mpi.h>
#include <stdio.h>

#define N 40

struct lib_ctx {
    MPI_Datatype elem;
    MPI_Comm     comm;
};

static void lib_init(struct lib_ctx *ctx, MPI_Datatype user_type, MPI_Comm comm)
{
    MPI_Type_dup(user_type, &ctx->elem);
    MPI_Type_commit(&ctx->elem);
    MPI_Comm_dup(comm, &ctx->comm);
}

static void lib_broadcast(struct lib_ctx *ctx, void *buf, int count)
{
    MPI_Bcast(buf, count, ctx->elem, 0, ctx->comm);
}

static void lib_finalize(struct lib_ctx *ctx)
{
    MPI_Type_free(&ctx->elem);
    MPI_Comm_free(&ctx->comm);
}

static double xyz[N][3];

int main(int argc, char **argv)
{
    int            rank;
    MPI_Datatype   vec3;
    struct lib_ctx ctx;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < N; i++)
            xyz[i][0] = xyz[i][1] = xyz[i][2] = i;

    MPI_Type_contiguous(3, MPI_DOUBLE, &vec3);
    lib_init(&ctx, vec3, MPI_COMM_WORLD);
    MPI_Type_free(&vec3);          /* the library has its own copy */

    lib_broadcast(&ctx, xyz, N);
    printf("[%d] %g\n", rank, xyz[N - 1][2]);

    lib_finalize(&ctx);
    MPI_Finalize();
    return 0;
}
