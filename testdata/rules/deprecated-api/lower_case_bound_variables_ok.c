/*
 * Not a finding: C names are case-sensitive.  Variables named mpi_lb and
 * mpi_ub hold the bounds MPI_Type_get_extent returns; they are not the
 * removed MPI_LB and MPI_UB markers.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Aint     mpi_lb, mpi_extent, mpi_ub;
    MPI_Datatype pair;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_get_extent(pair, &mpi_lb, &mpi_extent);
    mpi_ub = mpi_lb + mpi_extent;
    printf("%ld %ld\n", (long) mpi_lb, (long) mpi_ub);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
