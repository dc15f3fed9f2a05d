/* Cells with an embedded array of structs: one field of every inner element, by hvector. */
#include <mpi.h>
#include <stddef.h>

struct face { double flux; int bc; };
struct cell { int id; struct face faces[6]; };

int main(int argc, char **argv)
{
    MPI_Datatype fluxes;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hvector(6, 1, sizeof(struct face), MPI_DOUBLE, &fluxes);
    MPI_Type_free(&fluxes);
    MPI_Finalize();
    return (int)offsetof(struct cell, faces) - 8;
}
