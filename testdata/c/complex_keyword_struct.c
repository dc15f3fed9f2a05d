/* The `_Complex` keyword without complex.h, in a struct after a char: alignment 8. */
#include <mpi.h>
#include <stddef.h>

struct sample { char flag; _Complex double z; };

int main(int argc, char **argv)
{
    MPI_Datatype z_only;

    MPI_Init(&argc, &argv);
    MPI_Type_create_resized(MPI_C_DOUBLE_COMPLEX, offsetof(struct sample, z),
                            sizeof(struct sample), &z_only);
    MPI_Type_free(&z_only);
    MPI_Finalize();
    return 0;
}
