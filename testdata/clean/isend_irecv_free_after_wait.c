/*
 * Nonblocking ring exchange of a strided boundary: MPI_Isend / MPI_Irecv
 * with a committed vector type; the type is freed only after MPI_Waitall.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 30
#define NY 20

static float a[NY][NX];
static float left_ghost[NY];

int main(int argc, char **argv)
{
    int          rank, size, left, right;
    MPI_Request  reqs[2];
    MPI_Datatype rightcol;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
            a[j][i] = (float)(rank + i);

    MPI_Type_vector(NY, 1, NX, MPI_FLOAT, &rightcol);
    MPI_Type_commit(&rightcol);

    MPI_Irecv(left_ghost, NY, MPI_FLOAT, left, 5, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(&a[0][NX - 1], 1, rightcol, right, 5, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Type_free(&rightcol);

    printf("[%d] ghost %g\n", rank, left_ghost[0]);
    MPI_Finalize();
    return 0;
}
