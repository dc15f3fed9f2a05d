/* An array of 16-byte float vectors counted with sizeof and sent as MPI_FLOAT. */
#include <mpi.h>

typedef float v4f __attribute__((vector_size(16)));

int main(int argc, char **argv)
{
    v4f          lanes[6];
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    lanes[0][0] = 0.0f;
    MPI_Type_contiguous(6 * sizeof(v4f) / sizeof(float), MPI_FLOAT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return (int)lanes[0][0];
}
