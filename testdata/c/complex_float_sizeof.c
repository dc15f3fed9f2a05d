/* `float complex` buffers counted with sizeof: a resized MPI_C_FLOAT_COMPLEX with that stride. */
#include <complex.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    float complex z[4];
    MPI_Datatype  every_other;

    MPI_Init(&argc, &argv);
    z[0] = 1.0f + 2.0f * I;
    MPI_Type_create_resized(MPI_C_FLOAT_COMPLEX, 0, 2 * sizeof z[0], &every_other);
    MPI_Type_free(&every_other);
    MPI_Finalize();
    return crealf(z[0]) != 1.0f;
}
