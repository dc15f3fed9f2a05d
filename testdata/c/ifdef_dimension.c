/*
 * Boundary-plane extraction for a code compiled in 2-D or 3-D.  The
 * dimension is a compile-time switch; the default build is 3-D.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NDIM
#define NDIM 3
#endif

#define NCELL 16

#if NDIM == 3
#define NTOT (NCELL * NCELL * NCELL)
#elif NDIM == 2
#define NTOT (NCELL * NCELL)
#else
#error "NDIM must be 2 or 3"
#endif

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype plane;
    float       *u, *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    u = malloc(NTOT * sizeof(float));
    for (int i = 0; i < NTOT; i++)
        u[i] = (float)i;

#if NDIM == 3
    int sizes[NDIM]    = {NCELL, NCELL, NCELL};
    int subsizes[NDIM] = {NCELL, NCELL, 1};        /* last i-plane */
    int starts[NDIM]   = {0, 0, NCELL - 1};
    const int nplane   = NCELL * NCELL;
#else
    int sizes[NDIM]    = {NCELL, NCELL};
    int subsizes[NDIM] = {NCELL, 1};
    int starts[NDIM]   = {0, NCELL - 1};
    const int nplane   = NCELL;
#endif

    MPI_Type_create_subarray(NDIM, sizes, subsizes, starts, MPI_ORDER_C, MPI_FLOAT, &plane);
    MPI_Type_commit(&plane);

    buf = malloc(nplane * sizeof(float));
    MPI_Sendrecv(u, 1, plane, rank, 0, buf, nplane, MPI_FLOAT, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (buf[nplane - 1] != u[NTOT - 1] || buf[0] != (float)(NCELL - 1)) {
        fprintf(stderr, "plane extraction wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&plane);
    free(buf);
    free(u);
    MPI_Finalize();
    return 0;
}
