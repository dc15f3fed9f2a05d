/*
 * Extents written as address arithmetic.  An address minus an integer is an
 * address; an integer minus an address is not (its value depends on where the
 * array lies), so the last two resized types have no static extent.
 */
#include <mpi.h>
#include <stdio.h>

struct cell {
    double value;
    int    flag;
};

int main(int argc, char **argv)
{
    struct cell  cells[2];
    MPI_Aint     base, next;
    MPI_Datatype by_difference, padded, shifted, mirrored;

    MPI_Init(&argc, &argv);
    MPI_Get_address(&cells[0], &base);
    MPI_Get_address(&cells[1], &next);

    MPI_Type_create_resized(MPI_DOUBLE, 0, next - base, &by_difference);
    MPI_Type_create_resized(MPI_DOUBLE, 0, 40 - (next - base), &padded);
    MPI_Type_create_resized(MPI_DOUBLE, 0, (next - 8) - base, &shifted);
    MPI_Type_create_resized(MPI_DOUBLE, 0, next - (100 - base), &mirrored);  /* unknowable: an
       integer minus an address: the extent depends on where cells lies */

    MPI_Type_free(&by_difference);
    MPI_Type_free(&padded);
    MPI_Type_free(&shifted);
    MPI_Type_free(&mirrored);
    MPI_Finalize();
    return 0;
}
