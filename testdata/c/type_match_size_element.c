/* The element type found with MPI_Type_match_size (an 8-byte real), then a vector of it. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype real8, cols;

    MPI_Init(&argc, &argv);
    MPI_Type_match_size(MPI_TYPECLASS_REAL, 8, &real8);
    MPI_Type_vector(3, 1, 4, real8, &cols);  /* unknown: the type MPI_Type_match_size returns is
       not known (issue 19) */
    MPI_Type_free(&cols);
    MPI_Finalize();
    return 0;
}
