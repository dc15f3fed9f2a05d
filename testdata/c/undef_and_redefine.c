/* `#undef` then `#define` again: each call sees the definition in force on its line. */
#include <mpi.h>

#define NB 4

int main(int argc, char **argv)
{
    MPI_Datatype first, second;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(NB, MPI_INT, &first);
#undef NB
#define NB 6
    MPI_Type_contiguous(NB, MPI_INT, &second);
    MPI_Type_free(&second);
    MPI_Type_free(&first);
    MPI_Finalize();
    return 0;
}
