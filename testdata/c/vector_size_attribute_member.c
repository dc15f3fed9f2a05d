/* A GNU vector type, `__attribute__((vector_size(32)))`, as a struct member: 32 bytes, aligned. */
#include <mpi.h>
#include <stddef.h>

typedef double v4d __attribute__((vector_size(32)));

struct lane { int id; v4d w; };

int main(int argc, char **argv)
{
    MPI_Datatype w_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_resized(MPI_DOUBLE, offsetof(struct lane, w), sizeof(struct lane), &w_t);
    MPI_Type_free(&w_t);
    MPI_Finalize();
    return 0;
}
