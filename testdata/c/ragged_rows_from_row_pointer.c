/* Selected rows of a CSR matrix: block lengths and offsets from the row-pointer array. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          rowptr[6] = {0, 3, 4, 8, 10, 15};
    int          pick[3] = {0, 2, 4}, lens[3], disps[3];
    MPI_Datatype rows;

    MPI_Init(&argc, &argv);
    for (int k = 0; k < 3; k++) {
        disps[k] = rowptr[pick[k]];
        lens[k] = rowptr[pick[k] + 1] - rowptr[pick[k]];
    }
    MPI_Type_indexed(3, lens, disps, MPI_DOUBLE, &rows);
    MPI_Type_free(&rows);
    MPI_Finalize();
    return 0;
}
