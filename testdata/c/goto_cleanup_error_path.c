/* Error handling with `goto fail`: the types are built on the straight path. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype row = MPI_DATATYPE_NULL, tile = MPI_DATATYPE_NULL;
    int          rc = 0;

    MPI_Init(&argc, &argv);
    if (MPI_Type_contiguous(10, MPI_DOUBLE, &row) != MPI_SUCCESS)
        goto fail;
    if (MPI_Type_vector(5, 1, 2, row, &tile) != MPI_SUCCESS)
        goto fail;
    MPI_Type_free(&tile);
    MPI_Type_free(&row);
    goto done;
fail:
    rc = 1;
done:
    MPI_Finalize();
    return rc;
}
