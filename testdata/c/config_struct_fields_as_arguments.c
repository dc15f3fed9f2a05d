/* Sizes read from the fields of an initialised configuration struct, through a pointer. */
#include <mpi.h>

struct grid { int nx, ny, halo; };

int main(int argc, char **argv)
{
    struct grid  g = {.nx = 12, .ny = 7, .halo = 1};
    const struct grid *cfg = &g;
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(cfg->ny, cfg->halo, cfg->nx + 2 * cfg->halo, MPI_DOUBLE, &column);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
