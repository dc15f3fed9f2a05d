/* One row of a 2-D table as the displacement array: `disp2d[1]` holds the second layout. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[3] = {2, 1, 3};
    int          disp2d[2][3] = {{0, 4, 8}, {1, 6, 12}};
    MPI_Datatype second;

    MPI_Init(&argc, &argv);
    MPI_Type_indexed(3, lens, disp2d[1], MPI_INT, &second);
    MPI_Type_free(&second);
    MPI_Finalize();
    return 0;
}
