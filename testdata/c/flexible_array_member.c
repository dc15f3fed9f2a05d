/* A struct ending in a flexible array member: sizeof excludes it; the data starts at offsetof. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

struct msg { int n; double v[]; };

int main(int argc, char **argv)
{
    struct msg  *m = malloc(sizeof(struct msg) + 5 * sizeof(double));
    int          lens[2] = {1, 5};
    MPI_Aint     disps[2] = {offsetof(struct msg, n), offsetof(struct msg, v)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, t, head;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_contiguous(sizeof(struct msg), MPI_BYTE, &head);
    MPI_Type_free(&head);
    MPI_Type_free(&t);
    free(m);
    MPI_Finalize();
    return 0;
}
