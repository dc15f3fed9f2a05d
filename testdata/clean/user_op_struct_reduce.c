/*
 * A reduction over a struct: a (value, location, count) record, its
 * datatype from offsetof and resized, and a user-defined commutative
 * operation that keeps the maximum and sums the counts.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

struct maxrec {
    double value;
    int    where;
    int    count;
};

static void maxrec_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    struct maxrec *a = in, *b = inout;
    (void)dt;
    for (int i = 0; i < *len; i++) {
        if (a[i].value > b[i].value) {
            b[i].value = a[i].value;
            b[i].where = a[i].where;
        }
        b[i].count += a[i].count;
    }
}

#define NQ 3

int main(int argc, char **argv)
{
    int           rank;
    struct maxrec mine[NQ], best[NQ];
    MPI_Datatype  tmp, rectype;
    MPI_Op        op;
    int           bl[2]    = {1, 2};
    MPI_Aint      disp[2]  = {offsetof(struct maxrec, value), offsetof(struct maxrec, where)};
    MPI_Datatype  types[2] = {MPI_DOUBLE, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int q = 0; q < NQ; q++) {
        mine[q].value = (rank * 7 + q * 3) % 11;
        mine[q].where = rank;
        mine[q].count = 1;
    }

    MPI_Type_create_struct(2, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct maxrec), &rectype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&rectype);
    MPI_Op_create(maxrec_op, 1, &op);

    MPI_Allreduce(mine, best, NQ, rectype, op, MPI_COMM_WORLD);
    printf("[%d] max %g at %d (%d ranks)\n", rank, best[0].value, best[0].where, best[0].count);

    MPI_Op_free(&op);
    MPI_Type_free(&rectype);
    MPI_Finalize();
    return 0;
}
