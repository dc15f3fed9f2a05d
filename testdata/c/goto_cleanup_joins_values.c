/* The error-exit idiom: checks jump forward to a cleanup label; the values set before the
   jumps are the same on every path that reaches the label. */
#include <mpi.h>

static int build(int rows, MPI_Datatype *out)
{
    int err, stride = rows + 2;
    MPI_Datatype column;

    err = MPI_Type_vector(rows, 1, stride, MPI_DOUBLE, &column);
    if (err != MPI_SUCCESS)
        goto fn_fail;
    err = MPI_Type_create_resized(column, 0, (MPI_Aint)sizeof(double), out);
    if (err != MPI_SUCCESS)
        goto fn_fail;
    err = MPI_Type_commit(out);

fn_exit:
    MPI_Type_free(&column);
    return err;
fn_fail:
    goto fn_exit;
}

int main(int argc, char **argv)
{
    MPI_Datatype edge, cell;
    int rank, n;

    MPI_Init(&argc, &argv);
    n = 5;
    if (MPI_Comm_rank(MPI_COMM_WORLD, &rank) != MPI_SUCCESS)
        goto cleanup;
    if (build(n, &edge) != MPI_SUCCESS)
        goto cleanup;
    MPI_Type_free(&edge);

cleanup:
    MPI_Type_contiguous(n, MPI_INT, &cell);
    MPI_Type_free(&cell);
    MPI_Finalize();
    return 0;
}
