/* A table as one malloc'd block of ints and a malloc'd array of row pointers, each row starting
 * where the previous one ends; rows 1 and 0 swapped by the address difference between them. */
#include <mpi.h>
#include <stdlib.h>

#define ROWS 3
#define COLS 5

int main(int argc, char **argv)
{
    int        **rows = (int **)malloc(sizeof(int *) * ROWS);
    int          lens[2] = {COLS, COLS};
    MPI_Aint     first, second, disps[2];
    MPI_Datatype swapped;

    MPI_Init(&argc, &argv);
    rows[0] = (int *)malloc(sizeof(int) * ROWS * COLS);
    for (int r = 1; r < ROWS; r++)
        rows[r] = rows[r - 1] + COLS;
    MPI_Get_address(rows[1], &first);
    MPI_Get_address(rows[0], &second);
    disps[0] = 0;
    disps[1] = second - first;
    MPI_Type_create_hindexed(2, lens, disps, MPI_INT, &swapped);
    MPI_Type_free(&swapped);
    free(rows[0]);
    free(rows);
    MPI_Finalize();
    return 0;
}
