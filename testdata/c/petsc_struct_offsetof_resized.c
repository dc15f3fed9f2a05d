/*
 * Swarm point exchange.  The point record is described once with offsetof()
 * and the extent forced to sizeof() so arrays of records can be sent with a
 * count, the way PETSc's DMSwarm and PetscSF code registers struct types.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef int    PetscInt;
typedef double PetscReal;

typedef struct {
  PetscInt  rank;     /* owning rank */
  PetscInt  index;    /* local index on the owner */
  PetscReal coor[3];  /* coordinates */
  PetscReal weight;
  short     flag;
} SwarmPoint;

static int SwarmPointCreateMPIType(MPI_Datatype *dtype)
{
  MPI_Datatype tmp;
  int          blocklens[4] = {2, 3, 1, 1};
  MPI_Aint     displs[4]    = {offsetof(SwarmPoint, rank), offsetof(SwarmPoint, coor),
                               offsetof(SwarmPoint, weight), offsetof(SwarmPoint, flag)};
  MPI_Datatype types[4]     = {MPI_INT, MPI_DOUBLE, MPI_DOUBLE, MPI_SHORT};
  int          ierr;

  ierr = MPI_Type_create_struct(4, blocklens, displs, types, &tmp);
  if (ierr) return ierr;
  ierr = MPI_Type_create_resized(tmp, 0, sizeof(SwarmPoint), dtype);
  if (ierr) return ierr;
  ierr = MPI_Type_free(&tmp);
  if (ierr) return ierr;
  return MPI_Type_commit(dtype);
}

int main(int argc, char **argv)
{
  const PetscInt npoints = 37;
  SwarmPoint    *pts, *all;
  MPI_Datatype   pointtype;
  int            rank, size, ierr;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  pts = (SwarmPoint *)malloc(npoints * sizeof(SwarmPoint));
  all = (SwarmPoint *)malloc((size_t)size * npoints * sizeof(SwarmPoint));
  for (PetscInt p = 0; p < npoints; ++p) {
    pts[p].rank    = rank;
    pts[p].index   = p;
    pts[p].coor[0] = p;
    pts[p].coor[1] = 2.0 * p;
    pts[p].coor[2] = 3.0 * p;
    pts[p].weight  = 1.0 / (p + 1);
    pts[p].flag    = (short)(p & 1);
  }

  ierr = SwarmPointCreateMPIType(&pointtype);
  if (ierr) MPI_Abort(MPI_COMM_WORLD, ierr);
  MPI_Allgather(pts, npoints, pointtype, all, npoints, pointtype, MPI_COMM_WORLD);

  for (PetscInt p = 0; p < npoints; ++p) {
    if (all[p].index != p || all[p].coor[2] != 3.0 * p || all[p].flag != (p & 1)) {
      fprintf(stderr, "[%d] point %d corrupted\n", rank, p);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }

  MPI_Type_free(&pointtype);
  free(all);
  free(pts);
  MPI_Finalize();
  return 0;
}
