/* A braced CHECK_ERR macro used without `;` right before the next constructor call. */
#include <mpi.h>

#define CHECK_ERR { if (err != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, err); }

int main(int argc, char **argv)
{
    int          err;
    MPI_Datatype row, rows;

    MPI_Init(&argc, &argv);
    err = MPI_Type_contiguous(8, MPI_INT, &row); CHECK_ERR
    err = MPI_Type_contiguous(4, row, &rows); CHECK_ERR
    MPI_Type_free(&rows);
    MPI_Type_free(&row);
    MPI_Finalize();
    return 0;
}
