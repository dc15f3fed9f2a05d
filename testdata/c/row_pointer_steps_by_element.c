/* Pointers into a 2-D table step by what they point at: a row pointer `a[2]` and the whole
 * table cast to `int *` move one int per step, `&a[1]` moves one row. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          table[4][6];
    int         *row = table[2];
    int         *flat = (int *)table;
    MPI_Aint     base, second, eighth, next_row;
    MPI_Datatype pair_in_row, pair_flat, two_rows;

    MPI_Init(&argc, &argv);
    MPI_Get_address(table, &base);
    MPI_Get_address(row + 1, &second);
    MPI_Get_address(flat + 7, &eighth);
    MPI_Get_address(&table[1] + 1, &next_row);
    MPI_Type_create_hvector(2, 1, second - base, MPI_INT, &pair_in_row);
    MPI_Type_create_hvector(2, 1, eighth - base, MPI_INT, &pair_flat);
    MPI_Type_create_hvector(2, 6, next_row - base, MPI_INT, &two_rows);
    MPI_Type_free(&pair_in_row);
    MPI_Type_free(&pair_flat);
    MPI_Type_free(&two_rows);
    MPI_Finalize();
    return 0;
}
