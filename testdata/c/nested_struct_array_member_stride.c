/* Cells with an embedded array of structs: the flux of every face, placed inside its cell. */
#include <mpi.h>
#include <stddef.h>

struct face { double flux; int bc; };
struct cell { int id; struct face faces[6]; };

int main(int argc, char **argv)
{
    MPI_Datatype fluxes, in_cell, per_cell;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hvector(6, 1, sizeof(struct face), MPI_DOUBLE, &fluxes);
    MPI_Type_create_hindexed_block(1, 1, (MPI_Aint[]){offsetof(struct cell, faces)}, fluxes,
                                   &in_cell);
    MPI_Type_create_resized(in_cell, 0, sizeof(struct cell), &per_cell);
    MPI_Type_free(&per_cell);
    MPI_Type_free(&in_cell);
    MPI_Type_free(&fluxes);
    MPI_Finalize();
    return 0;
}
