/* A macro redefined between two uses of a statement macro that reads it, and an #if that
 * reads it after the redefinition: each use sees the definition in force on its line. */
#include <mpi.h>

#define BLOCK 2
#define MAKE(t) do { MPI_Type_vector(3, BLOCK, 4 * BLOCK, MPI_INT, &t); } while (0)

int main(int argc, char **argv)
{
    MPI_Datatype narrow, wide, chosen;

    MPI_Init(&argc, &argv);
    MAKE(narrow);
#undef BLOCK
#define BLOCK 3
    MAKE(wide);
#if BLOCK == 3
    MPI_Type_contiguous(BLOCK * 5, MPI_FLOAT, &chosen);
#else
    MPI_Type_contiguous(BLOCK * 7, MPI_FLOAT, &chosen);
#endif
    MPI_Type_free(&chosen);
    MPI_Type_free(&wide);
    MPI_Type_free(&narrow);
    MPI_Finalize();
    return 0;
}
