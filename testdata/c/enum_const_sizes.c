/*
 * Multi-species field exchange.  Array shapes come from an enum; counts and
 * strides passed to MPI come from const ints derived from them.
 */
#include <mpi.h>
#include <stdio.h>

enum { NSPEC = 4, NZ = 20, NR = 30 };
enum species { ELECTRON, ION, NEUTRAL, IMPURITY };

static double density[NZ][NR][NSPEC];
static double ion_slice[NZ][NR];

int main(int argc, char **argv)
{
    const int    npoints = NZ * NR;
    const int    stride  = NSPEC;
    const int    one     = 1;
    int          rank;
    MPI_Datatype one_species;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (int z = 0; z < NZ; z++)
        for (int r = 0; r < NR; r++)
            for (int s = 0; s < NSPEC; s++)
                density[z][r][s] = (s + 1) * 1e19 + z * NR + r;

    /* one species out of the interleaved [z][r][species] array */
    MPI_Type_vector(npoints, one, stride, MPI_DOUBLE, &one_species);
    MPI_Type_commit(&one_species);

    MPI_Sendrecv(&density[0][0][ION], 1, one_species, rank, ION,
                 ion_slice, npoints, MPI_DOUBLE, rank, ION,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (ion_slice[NZ - 1][NR - 1] != density[NZ - 1][NR - 1][ION]) {
        fprintf(stderr, "species slice wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&one_species);
    MPI_Finalize();
    return 0;
}
