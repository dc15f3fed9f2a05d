/* The extent of a resized record is `sizeof *rec`, through the pointer that holds the data. */
#include <mpi.h>
#include <stdlib.h>

struct sample { double t; short channel; };

int main(int argc, char **argv)
{
    struct sample *rec = malloc(16 * sizeof *rec);
    MPI_Datatype   t_only;

    MPI_Init(&argc, &argv);
    MPI_Type_create_resized(MPI_DOUBLE, 0, sizeof *rec, &t_only);
    MPI_Type_free(&t_only);
    free(rec);
    MPI_Finalize();
    return 0;
}
