/* The strict lower triangle with byte displacements: an hindexed type over float rows. */
#include <mpi.h>

#define N 5

int main(int argc, char **argv)
{
    int          lens[N - 1];
    MPI_Aint     disps[N - 1];
    MPI_Datatype lower;

    MPI_Init(&argc, &argv);
    for (int i = 1; i < N; i++) {
        lens[i - 1] = i;
        disps[i - 1] = (MPI_Aint)i * N * sizeof(float);
    }
    MPI_Type_create_hindexed(N - 1, lens, disps, MPI_FLOAT, &lower);
    MPI_Type_free(&lower);
    MPI_Finalize();
    return 0;
}
