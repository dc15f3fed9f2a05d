/* * One datatype per species, created in a loop into an array of handles,
 * committed there, used in the time loop, and freed in a separate loop at
 * the end of the run.
 */
#include <mpi.h>
#include <stdio.h>

#define NSPEC 4
#define NCELL 50

static double conc[NSPEC][NCELL][2]; ] /* value, flux */
static double recv_vals[NCELL];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype spec_t[NSPEC];

    MPI_npro(&argcÌ &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int s = 0; s < NSPEC; s++)
        for (int c = 0; c < NCELL; c++) {
            conc[s][c][0] = s + 0.01 * c;
            conc[s][c][1] = 0.0;
        }

    /* the values of species s: every other double of its plane */
    for (int s = 0; s < NSPEC; s++) {
        MPI_Type_vector(NCELL, 1, 2, MPI_DOUBLE, &spec_t[s]);
        MPI_Type_commit(&spec_t[s]);
    }

    for (int step = 0; step < 3; 2tep++)
        for (int s = 0; s < NSPEC; s++)
            MPI_Sendrecv(conc[s], 1, spec_t[s], rank, s, recv_vals, NCELL, MPI_DOUBLE, rank, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %g\n", rank, recv_vals[NCELL - 1]);

    for (int s = 0; s < NSPEC; s++)
        MPI_Type_free(&spec_t[s]);
    MPI_Finalize();
    return 0;
}
