/*
 * Negative literals where MPI allows them: a stride that walks backwards, a
 * lower bound below the buffer's start, displacements before the first block,
 * written as `-2`, `(-1)`, a macro `-8` and an `int` initialised to `-3`.
 */
#include <mpi.h>
#include <stdio.h>

#define SHIFT_BACK -8

int main(int argc, char **argv)
{
    double       column[16];
    int          back = -3;
    int          blocklens[3] = {1, 2, 1};
    int          disps[3] = {-2, 0, 4};
    MPI_Datatype backwards, below, around, stepped;

    MPI_Init(&argc, &argv);
    for (int i = 0; i < 16; i++)
        column[i] = i;

    MPI_Type_vector(4, 1, -2, MPI_DOUBLE, &backwards);
    MPI_Type_create_resized(MPI_DOUBLE, SHIFT_BACK, 24, &below);
    MPI_Type_indexed(3, blocklens, disps, MPI_INT, &around);
    MPI_Type_create_hvector(3, (-1) + 2, back * 8, MPI_DOUBLE, &stepped);

    MPI_Type_commit(&backwards);
    MPI_Send(&column[15], 1, backwards, MPI_PROC_NULL, 0, MPI_COMM_WORLD);

    MPI_Type_free(&backwards);
    MPI_Type_free(&below);
    MPI_Type_free(&around);
    MPI_Type_free(&stepped);
    MPI_Finalize();
    return 0;
}
