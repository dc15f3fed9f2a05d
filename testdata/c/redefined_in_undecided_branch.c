/* A macro redefined in a branch the analysis cannot decide (__GNUC__ is the compiler's): after
 * the branch it is unknown, never one branch's value; before it, it is known. */
#include <mpi.h>

#define COUNT 4

int main(int argc, char **argv)
{
    MPI_Datatype before, after;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(COUNT, MPI_INT, &before);
#ifdef __GNUC__
#undef COUNT
#define COUNT 6
#endif
    MPI_Type_contiguous(COUNT, MPI_INT, &after);  /* unknown: COUNT is redefined under #ifdef __GNUC__, which only the compiler decides */
    MPI_Type_free(&after);
    MPI_Type_free(&before);
    MPI_Finalize();
    return 0;
}
