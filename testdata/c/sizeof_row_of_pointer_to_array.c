/* A pointer to rows, `double (*rows)[12]`: `sizeof rows[0]` is one row (96 bytes). */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    double (*rows)[12] = malloc(8 * sizeof *rows);
    MPI_Datatype col;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hvector(8, 1, sizeof rows[0], MPI_DOUBLE, &col);
    MPI_Type_free(&col);
    free(rows);
    MPI_Finalize();
    return 0;
}
