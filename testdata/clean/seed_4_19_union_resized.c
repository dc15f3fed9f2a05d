/*
 * MPI-2.2 Example 4.19 (unions) with the current API: one datatype per union
 * member, each resized to the distance between two consecutive union
 * elements instead of using an MPI_UB marker.
 */
#include <mpi.h>
#include <stdio.h>

#define NU 1000

union ifval {
    int   ival;
    float fval;
};

static union ifval u[NU], v[NU];

int main(int argc, char **argv)
{
    int          rank, utype = 0;
    MPI_Aint     i0, i1;
    MPI_Datatype mpi_utype[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int k = 0; k < NU; k++)
        u[k].ival = k;

    MPI_Get_address(u, &i0);
    MPI_Get_address(u + 1, &i1);
    MPI_Type_create_resized(MPI_INT, 0, i1 - i0, &mpi_utype[0]);
    MPI_Type_create_resized(MPI_FLOAT, 0, i1 - i0, &mpi_utype[1]);
    for (int k = 0; k < 2; k++)
        MPI_Type_commit(&mpi_utype[k]);

    /* all entries of u currently hold ints */
    MPI_Sendrecv(u, NU, mpi_utype[utype], rank, 0, v, NU, mpi_utype[utype], rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] v[999] = %d\n", rank, v[NU - 1].ival);

    for (int k = 0; k < 2; k++)
        MPI_Type_free(&mpi_utype[k]);
    MPI_Finalize();
    return 0;
}
