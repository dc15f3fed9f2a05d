/* Constructor functions generated at file scope, one per type, by a macro that pastes the
 * function's name and the MPI type: DEFINE_ROW(INT, 3) defines make_row_INT. */
#include <mpi.h>

#define DEFINE_ROW(T, n) \
    static void make_row_##T(MPI_Datatype *row) { MPI_Type_contiguous(n, MPI_##T, row); }

DEFINE_ROW(INT, 3)
DEFINE_ROW(DOUBLE, 5)

int main(int argc, char **argv)
{
    MPI_Datatype ints, doubles;

    MPI_Init(&argc, &argv);
    make_row_INT(&ints);
    make_row_DOUBLE(&doubles);
    MPI_Type_free(&doubles);
    MPI_Type_free(&ints);
    MPI_Finalize();
    return 0;
}
