/* One constructor call in a loop fills an array of handles with three different types. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Datatype level[3];

    MPI_Init(&argc, &argv);
    for (int l = 0; l < 3; l++)
        MPI_Type_vector(4, 1 << l, 8, MPI_INT, &level[l]);  /* unknown: one call, three types:
           the loop builds a different vector for each l */
    for (int l = 0; l < 3; l++)
        MPI_Type_free(&level[l]);
    MPI_Finalize();
    return 0;
}
