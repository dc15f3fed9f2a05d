/*
 * field-type-mismatch: spectral coefficients kept as C99 complex numbers
 * next to their wave number.  The amplitude is described as one
 * MPI_DOUBLE: half of the 16-byte double complex field (the imaginary part
 * is never sent).
 */
#include <complex.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NMODES 64

struct mode {
    int           k;
    double complex amp;
    float complex  phase;
};

static struct mode modes[NMODES];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, modetype;
    int          bl[3]    = {1, 1, 1};
    MPI_Aint     disp[3]  = {offsetof(struct mode, k), offsetof(struct mode, amp),
                             offsetof(struct mode, phase)};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_C_FLOAT_COMPLEX};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < NMODES; i++) {
            modes[i].k = i;
            modes[i].amp = i + 0.5 * I;
            modes[i].phase = 1.0f * I;
        }

    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct mode), &modetype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&modetype);

    MPI_Bcast(modes, NMODES, modetype, 0, MPI_COMM_WORLD); /* expect: field-type-mismatch */
    printf("[%d] mode 3 amplitude %g%+gi\n", rank, creal(modes[3].amp), cimag(modes[3].amp));

    MPI_Type_free(&modetype);
    MPI_Finalize();
    return 0;
}
