/* Sizes from macros that call macros: IDX(ROWLEN(NX), 2) and a macro-made stride. */
#include <mpi.h>

#define NX 8
#define HALO 2
#define ROWLEN(n) ((n) + 2 * HALO)
#define IDX(len, r) ((len) * (r))

int main(int argc, char **argv)
{
    MPI_Datatype rows;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(HALO, NX, IDX(ROWLEN(NX), 1), MPI_DOUBLE, &rows);
    MPI_Type_free(&rows);
    MPI_Finalize();
    return 0;
}
