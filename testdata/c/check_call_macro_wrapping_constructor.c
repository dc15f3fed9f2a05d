/* The whole constructor call is the argument of an error-checking macro: MPI_CHECK(call). */
#include <mpi.h>

#define MPI_CHECK(call)                                     \
    do {                                                    \
        int rc_ = (call);                                   \
        if (rc_ != MPI_SUCCESS)                             \
            MPI_Abort(MPI_COMM_WORLD, rc_);                 \
    } while (0)

int main(int argc, char **argv)
{
    MPI_Datatype row, block;

    MPI_Init(&argc, &argv);
    MPI_CHECK(MPI_Type_contiguous(12, MPI_FLOAT, &row));
    MPI_CHECK(MPI_Type_vector(3, 2, 4, row, &block));
    MPI_Type_free(&block);
    MPI_Type_free(&row);
    MPI_Finalize();
    return 0;
}
