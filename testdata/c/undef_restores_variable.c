/* A macro shadowing a variable is #undef'd: the name means the variable again afterwards. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          width = 3;
    MPI_Datatype narrow, wide;

    MPI_Init(&argc, &argv);
#define width 10
    MPI_Type_contiguous(width, MPI_SHORT, &wide);
#undef width
    MPI_Type_contiguous(width, MPI_SHORT, &narrow);
    MPI_Type_free(&narrow);
    MPI_Type_free(&wide);
    MPI_Finalize();
    return 0;
}
