/*
 * invalid-argument, corrected twin of null_newtype.c: the resized type is made
 * once, into a handle.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

struct cell {
    double value;
    int    flag;
};

int main(int argc, char **argv)
{
    int          rank;
    struct cell  cells[4];
    MPI_Datatype pair, cell_type;
    int          lengths[2] = {1, 1};
    MPI_Aint     displs[2] = {offsetof(struct cell, value), offsetof(struct cell, flag)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 4; i++) {
        cells[i].value = rank + i;
        cells[i].flag = i;
    }
    MPI_Type_create_struct(2, lengths, displs, types, &pair);
    MPI_Type_create_resized(pair, 0, sizeof(struct cell), &cell_type);
    MPI_Type_commit(&cell_type);
    MPI_Bcast(cells, 4, cell_type, 0, MPI_COMM_WORLD);
    printf("[%d] %g\n", rank, cells[3].value);
    MPI_Type_free(&cell_type);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
