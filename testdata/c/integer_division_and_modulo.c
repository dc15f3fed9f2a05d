/* Block decomposition arithmetic: 17 rows over 5 parts, the first 17 % 5 parts get one more. */
#include <mpi.h>

#define NROWS 17
#define NPART 5

int main(int argc, char **argv)
{
    int          part = 1;
    int          rows = NROWS / NPART + (part < NROWS % NPART);
    MPI_Datatype mine;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(rows, 4, 10, MPI_FLOAT, &mine);
    MPI_Type_free(&mine);
    MPI_Finalize();
    return 0;
}
