/* Bit-fields share one unsigned int; the following int member is at offset 4, size 8. */
#include <mpi.h>
#include <stddef.h>

struct flags { unsigned dirty : 1, level : 5, owner : 10; int count; };

int main(int argc, char **argv)
{
    MPI_Datatype count_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_resized(MPI_INT, offsetof(struct flags, count), sizeof(struct flags),
                            &count_t);
    MPI_Type_free(&count_t);
    MPI_Finalize();
    return 0;
}
