/*
 * field-type-mismatch: a 2-D port of a 3-D particle code.  The struct now
 * has double x[2], but the datatype still uses NDIM = 3 as the block length,
 * so the third "double" covers the int fields cell and owner.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NDIM 3
#define NPTS 256

struct point {
    double x[2];
    int    cell;
    int    owner;
    double w;
};

static struct point pts[NPTS];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, ptype;
    int          bl[2]    = {NDIM, 1};
    MPI_Aint     disp[2]  = {offsetof(struct point, x), offsetof(struct point, w)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NPTS; i++) {
            pts[i].x[0] = i;
            pts[i].x[1] = -i;
            pts[i].cell = i / 8;
            pts[i].owner = 0;
            pts[i].w = 1.0;
        }

    MPI_Type_create_struct(2, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct point), &ptype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&ptype);

    MPI_Bcast(pts, NPTS, ptype, 0, MPI_COMM_WORLD); /* expect: field-type-mismatch */
    printf("[%d] point 9: %g %g w=%g\n", rank, pts[9].x[0], pts[9].x[1], pts[9].w);

    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
