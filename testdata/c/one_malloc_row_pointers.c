/* A 2-D array as one malloc plus row pointers: rows 1 and 3 by address, hindexed from row 0. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    double      *data = malloc(4 * 6 * sizeof(double));
    double      *row[4];
    int          lens[2] = {6, 6};
    MPI_Aint     base, disps[2];
    MPI_Datatype odd_rows;

    MPI_Init(&argc, &argv);
    for (int i = 0; i < 4; i++)
        row[i] = data + i * 6;
    MPI_Get_address(row[0], &base);
    MPI_Get_address(row[1], &disps[0]);
    MPI_Get_address(row[3], &disps[1]);
    disps[0] -= base;
    disps[1] -= base;
    MPI_Type_create_hindexed(2, lens, disps, MPI_DOUBLE, &odd_rows);
    MPI_Type_free(&odd_rows);
    free(data);
    MPI_Finalize();
    return 0;
}
