/*
 * buffer-type-mismatch, not a finding: a restart header (a struct) and an
 * array of doubles are broadcast as MPI_BYTE; MPI_BYTE matches any buffer.
 */
#include <mpi.h>
#include <stdio.h>

#define NV 32

struct restart_header {
    int    version;
    int    step;
    double time;
};

static struct restart_header hdr;
static double                vals[NV];

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        hdr.version = 3;
        hdr.step = 1200;
        hdr.time = 12.0;
        for (int i = 0; i < NV; i++)
            vals[i] = i;
    }

    MPI_Bcast(&hdr, (int)sizeof(hdr), MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Bcast(vals, (int)sizeof(vals), MPI_BYTE, 0, MPI_COMM_WORLD);
    printf("[%d] step %d t=%g v=%g\n", rank, hdr.step, hdr.time, vals[NV - 1]);

    MPI_Finalize();
    return 0;
}
