/* A statement macro that builds a type and names it after its handle with #t:
 * MPI_Type_set_name(t, #t) gets the string "halo". */
#include <mpi.h>

#define NAMED_VECTOR(t, count, block, stride) \
    do { \
        MPI_Type_vector(count, block, stride, MPI_DOUBLE, &t); \
        MPI_Type_set_name(t, #t); \
    } while (0)

int main(int argc, char **argv)
{
    MPI_Datatype halo;

    MPI_Init(&argc, &argv);
    NAMED_VECTOR(halo, 4, 2, 10);
    MPI_Type_commit(&halo);
    MPI_Type_free(&halo);
    MPI_Finalize();
    return 0;
}
