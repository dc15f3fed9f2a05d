/* Displacements with MPI_Aint_diff and MPI_Aint_add (MPI-3.1) instead of plain subtraction. */
#include <mpi.h>

int main(int argc, char **argv)
{
    double       field[20];
    MPI_Aint     base, at, shifted;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Get_address(&field[0], &base);
    MPI_Get_address(&field[4], &at);
    shifted = MPI_Aint_add(at, 2 * sizeof(double));
    MPI_Type_create_resized(MPI_DOUBLE, MPI_Aint_diff(at, base), MPI_Aint_diff(shifted, at), &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
