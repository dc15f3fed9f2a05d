/* A struct with a `double complex` member (complex.h's macro) described field by field. */
#include <complex.h>
#include <mpi.h>
#include <stddef.h>

struct mode {
    int            index;
    double complex amplitude;
};

int main(int argc, char **argv)
{
    int          lens[2] = {1, 1};
    MPI_Aint     disps[2] = {offsetof(struct mode, index), offsetof(struct mode, amplitude)};
    MPI_Datatype types[2] = {MPI_INT, MPI_C_DOUBLE_COMPLEX}, mode_t_, mode_r;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, lens, disps, types, &mode_t_);
    MPI_Type_create_resized(mode_t_, 0, sizeof(struct mode), &mode_r);
    MPI_Type_free(&mode_r);
    MPI_Type_free(&mode_t_);
    MPI_Finalize();
    return 0;
}
