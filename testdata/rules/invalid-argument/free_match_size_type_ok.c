/*
 * invalid-argument, corrected twin of free_match_size_type.c: the predefined
 * types MPI_Type_match_size and MPI_Type_create_f90_real return are used
 * without a commit and not freed.  Neither is a missing-commit nor a
 * type-leak, although the helper that makes them keeps no handle.
 */
#include <mpi.h>
#include <stdio.h>

#define NVAL 8

static double values[NVAL];

/* Broadcasts the values with the MPI type matching C's double. */
static void share_values(MPI_Comm comm)
{
    MPI_Datatype real_type, wide_type;

    MPI_Type_match_size(MPI_TYPECLASS_REAL, (int)sizeof(double), &real_type);
    MPI_Type_create_f90_real(15, 300, &wide_type);
    MPI_Bcast(values, NVAL / 2, real_type, 0, comm);
    MPI_Bcast(values + NVAL / 2, NVAL / 2, wide_type, 0, comm);
}

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NVAL; i++)
            values[i] = 0.5 * i;
    share_values(MPI_COMM_WORLD);
    printf("[%d] %g\n", rank, values[NVAL - 1]);
    MPI_Finalize();
    return 0;
}
