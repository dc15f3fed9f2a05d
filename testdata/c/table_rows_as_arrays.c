/* Block lengths and displacements kept as rows of 2-D tables, one row per layout: a row
 * (`lengths[1]`) is the array the constructor reads. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int lengths[2][3] = {{1, 1, 1}, {3, 2, 1}};
    int displs[2][3] = {{0, 2, 4}, {1, 6, 12}};
    MPI_Datatype layout[2];

    MPI_Init(&argc, &argv);
    MPI_Type_indexed(3, lengths[0], displs[0], MPI_INT, &layout[0]);
    MPI_Type_indexed(3, lengths[1], &displs[1][0], MPI_INT, &layout[1]);
    for (int k = 0; k < 2; k++)
        MPI_Type_commit(&layout[k]);
    for (int k = 0; k < 2; k++)
        MPI_Type_free(&layout[k]);
    MPI_Finalize();
    return 0;
}
