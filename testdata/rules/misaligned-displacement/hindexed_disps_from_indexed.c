/*
 * misaligned-displacement: the displacement list {0, 6} was copied from an
 * MPI_Type_indexed call (element units) into MPI_Type_create_hindexed, which
 * takes bytes: the second block of doubles starts at byte 6.
 */
#include <mpi.h>
#include <stdio.h>

#define NV 16
#define TAG_SEL 2

static double vals[NV];
static double sel[4];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype pick;
    int          blens[2]  = {2, 2};
    MPI_Aint     displs[2] = {0, 6};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_hindexed(2, blens, displs, MPI_DOUBLE, &pick); /* expect: misaligned-displacement */
    MPI_Type_commit(&pick);

    if (rank == 0) {
        for (int i = 0; i < NV; i++)
            vals[i] = i;
        MPI_Send(vals, 1, pick, 1, TAG_SEL, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(sel, 4, MPI_DOUBLE, 0, TAG_SEL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[1] sel[2] = %g\n", sel[2]);
    }

    MPI_Type_free(&pick);
    MPI_Finalize();
    return 0;
}
