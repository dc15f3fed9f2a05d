/* A loop that skips every third index with `continue` while filling displacements. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[12], disps[12], n = 0;
    MPI_Datatype kept;

    MPI_Init(&argc, &argv);
    for (int i = 0; i < 12; i++) {
        if (i % 3 == 2)
            continue;
        lens[n] = 1;
        disps[n] = 2 * i;
        n++;
    }
    MPI_Type_indexed(n, lens, disps, MPI_INT, &kept);
    MPI_Type_free(&kept);
    MPI_Finalize();
    return 0;
}
