/* One constructor per element type, the handle and the MPI type named by token pasting:
 * DEF(T, n) builds t_##T from MPI_##T; TYPE_OF(pair) names pair_type. */
#include <mpi.h>

#define DEF(T, n) MPI_Type_contiguous(n, MPI_##T, &t_##T)
#define TYPE_OF(x) x##_type

int main(int argc, char **argv)
{
    int          n = 4;
    MPI_Datatype t_INT, t_DOUBLE, t_SHORT, TYPE_OF(pair);

    MPI_Init(&argc, &argv);
    DEF(INT, n);
    DEF(DOUBLE, n + 1);
    DEF(SHORT, 2 * n);
    MPI_Type_vector(2, 1, 3, MPI_2INT, &TYPE_OF(pair));
    MPI_Type_free(&pair_type);
    MPI_Type_free(&t_SHORT);
    MPI_Type_free(&t_DOUBLE);
    MPI_Type_free(&t_INT);
    MPI_Finalize();
    return 0;
}
