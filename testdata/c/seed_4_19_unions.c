/*
 * MPI-2.2 Example 4.19: handling of unions.  One datatype per possible
 * member type, each with the extent of one union entry so that an array of
 * unions can be sent with a count.
 */
#include <mpi.h>
#include <stdio.h>

#define N 1000

union {
    int   ival;
    float fval;
} u[N], v[N];

int utype;

int main(int argc, char *argv[])
{
    int rank, tag = 19;
    MPI_Comm comm = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(comm, &rank);

    /* All entries of u have identical type; variable utype keeps track
       of their current type */
    MPI_Datatype type[2];
    MPI_Datatype mpi_utype[2];
    MPI_Aint     i, j;

    /* compute an MPI datatype for each possible union type;
       assume values are left-aligned in union storage. */
    MPI_Get_address(u, &i);
    MPI_Get_address(u + 1, &j);

    type[0] = MPI_INT;
    MPI_Type_create_resized(type[0], 0, j - i, &mpi_utype[0]);

    type[1] = MPI_FLOAT;
    MPI_Type_create_resized(type[1], 0, j - i, &mpi_utype[1]);

    for (int t = 0; t < 2; t++) MPI_Type_commit(&mpi_utype[t]);

    /* actual communication */
    utype = 1;
    for (int k = 0; k < N; k++)
        u[k].fval = 0.5f * k;
    MPI_Sendrecv(u, N, mpi_utype[utype], rank, tag,
                 v, N, mpi_utype[utype], rank, tag, comm, MPI_STATUS_IGNORE);

    utype = 0;
    for (int k = 0; k < N; k++)
        u[k].ival = -k;
    MPI_Sendrecv(u, N, mpi_utype[utype], rank, tag,
                 v, N, mpi_utype[utype], rank, tag, comm, MPI_STATUS_IGNORE);

    if (v[N - 1].ival != -(N - 1)) {
        fprintf(stderr, "union exchange failed\n");
        MPI_Abort(comm, 1);
    }

    for (int t = 0; t < 2; t++) MPI_Type_free(&mpi_utype[t]);
    MPI_Finalize();
    return 0;
}
