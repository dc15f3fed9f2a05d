/*
 * 3-D finite-volume block with a two-cell ghost halo (NG = 2).  One subarray
 * type per face and direction; faces are exchanged with Isend/Irecv and a
 * single Waitall over the six neighbours of a periodic 3-D Cartesian grid.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NG 2
#define NI 16
#define NJ 12
#define NK 10
#define LI (NI + 2 * NG)
#define LJ (NJ + 2 * NG)
#define LK (NK + 2 * NG)
#define IDX3(k, j, i) (((size_t)(k) * LJ + (j)) * LI + (i))

static void face_types(int dim, MPI_Datatype *send_lo, MPI_Datatype *send_hi,
                       MPI_Datatype *recv_lo, MPI_Datatype *recv_hi)
{
    /* dims are (k, j, i), slowest first, as the array is laid out */
    int sizes[3] = {LK, LJ, LI};
    int sub[3]   = {NK, NJ, NI};
    int st[3]    = {NG, NG, NG};
    int n[3]     = {NK, NJ, NI};

    sub[dim] = NG;

    st[dim] = NG;                 /* first interior layers */
    MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, send_lo);  /* unknown:
       one call site, three types: face_types runs with dim = 0, 1, 2 */
    st[dim] = n[dim];             /* last interior layers */
    MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, send_hi);  /* unknown:
       one call site, three types: face_types runs with dim = 0, 1, 2 */
    st[dim] = 0;                  /* low ghost layers */
    MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, recv_lo);  /* unknown:
       one call site, three types: face_types runs with dim = 0, 1, 2 */
    st[dim] = n[dim] + NG;        /* high ghost layers */
    MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, recv_hi);  /* unknown:
       one call site, three types: face_types runs with dim = 0, 1, 2 */

    MPI_Type_commit(send_lo);
    MPI_Type_commit(send_hi);
    MPI_Type_commit(recv_lo);
    MPI_Type_commit(recv_hi);
}

int main(int argc, char **argv)
{
    int          nprocs, dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1};
    MPI_Comm     cart;
    MPI_Datatype s_lo[3], s_hi[3], r_lo[3], r_hi[3];
    MPI_Request  req[12];
    MPI_Status   stat[12];
    double      *q;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Dims_create(nprocs, 3, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 1, &cart);

    q = malloc((size_t)LK * LJ * LI * sizeof(double));
    for (int k = 0; k < LK; k++)
        for (int j = 0; j < LJ; j++)
            for (int i = 0; i < LI; i++)
                q[IDX3(k, j, i)] = 1e4 * k + 1e2 * j + i;

    for (int d = 0; d < 3; d++)
        face_types(d, &s_lo[d], &s_hi[d], &r_lo[d], &r_hi[d]);

    int nreq = 0;
    for (int d = 0; d < 3; d++) {
        int lo, hi;
        MPI_Cart_shift(cart, d, 1, &lo, &hi);
        MPI_Irecv(q, 1, r_lo[d], lo, 2 * d, cart, &req[nreq++]);
        MPI_Irecv(q, 1, r_hi[d], hi, 2 * d + 1, cart, &req[nreq++]);
        MPI_Isend(q, 1, s_hi[d], hi, 2 * d, cart, &req[nreq++]);
        MPI_Isend(q, 1, s_lo[d], lo, 2 * d + 1, cart, &req[nreq++]);
    }
    MPI_Waitall(nreq, req, stat);

    if (nprocs == 1 && q[IDX3(NG, NG, 0)] != 1e4 * NG + 1e2 * NG + NI) {
        fprintf(stderr, "i-face ghost wrong: %g\n", q[IDX3(NG, NG, 0)]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    for (int d = 0; d < 3; d++) {
        MPI_Type_free(&s_lo[d]);
        MPI_Type_free(&s_hi[d]);
        MPI_Type_free(&r_lo[d]);
        MPI_Type_free(&r_hi[d]);
    }
    free(q);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
