/* A constructor call spread over lines, with a comment after every argument. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype strip;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(4,          /* rows */
                    3,          /* values per row */
                    7,          /* row length */
                    MPI_DOUBLE, /* element */
                    &strip);
    MPI_Type_free(&strip);
    MPI_Finalize();
    return 0;
}
