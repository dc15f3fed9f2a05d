/*
 * A record of C99 complex numbers declared with complex.h's `complex`
 * (`double complex`, `float complex`, `long double complex`), described
 * field by field and resized to the record.
 */
#include <complex.h>
#include <mpi.h>
#include <stddef.h>

struct wave {
    float complex       phase;
    double complex      amp;
    char                tag;
    long double complex energy;
};

int main(int argc, char **argv)
{
    struct wave  w[4];
    int          bl[4] = {1, 1, 1, 1};
    MPI_Aint     disp[4] = {offsetof(struct wave, phase), offsetof(struct wave, amp),
                            offsetof(struct wave, tag), offsetof(struct wave, energy)};
    MPI_Datatype types[4] = {MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX, MPI_CHAR,
                             MPI_C_LONG_DOUBLE_COMPLEX};
    MPI_Datatype raw, wave_t, bytes_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(4, bl, disp, types, &raw);
    MPI_Type_create_resized(raw, 0, sizeof(struct wave), &wave_t);
    MPI_Type_contiguous(sizeof(double complex) * 3, MPI_BYTE, &bytes_t);
    MPI_Type_commit(&wave_t);
    MPI_Type_commit(&bytes_t);
    w[0].amp = 1.0 + 2.0 * I;
    MPI_Sendrecv_replace(w, 4, wave_t, 0, 0, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Type_free(&raw);
    MPI_Type_free(&wave_t);
    MPI_Type_free(&bytes_t);
    MPI_Finalize();
    return 0;
}
