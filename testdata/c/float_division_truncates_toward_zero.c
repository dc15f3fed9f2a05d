/* Casts truncate toward zero: (int)(10 / 4.0) is 2 and (int)(-2.7) is -2 (a stride). */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_vector((int)(10 / 4.0), 1, (int)(-2.7), MPI_DOUBLE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
