/*
 * Not a finding: MPI_Type_create_f90_real/_complex/_integer return predefined
 * datatypes, which are used without a commit and are not the program's to free
 * (no missing-commit, no type-leak, even when made again in a loop).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int          rank;
    double       x[4] = {1, 2, 3, 4};
    double       y[4];
    MPI_Datatype real8, cplx, int8;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_create_f90_real(15, 300, &real8);
    MPI_Sendrecv(x, 4, real8, rank, 0, y, 4, real8, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    for (int p = 6; p <= 15; p += 9) {
        MPI_Type_create_f90_complex(p, MPI_UNDEFINED, &cplx);
        MPI_Type_create_f90_integer(9, &int8);
    }
    printf("[%d] %g\n", rank, y[3]);

    MPI_Finalize();
    return 0;
}
