/*
 * A message with a flexible array member (`double values[]`): the header
 * datatype covers the fixed part, and the payload starts at
 * offsetof(struct msg, values).
 */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

struct msg {
    int    n;
    char   tag;
    double values[];
};

int main(int argc, char **argv)
{
    int          n = 5;
    struct msg  *m = malloc(sizeof(struct msg) + n * sizeof(double));
    int          bl[2] = {1, 1};
    MPI_Aint     disp[2] = {offsetof(struct msg, n), offsetof(struct msg, tag)};
    MPI_Datatype types[2] = {MPI_INT, MPI_CHAR};
    MPI_Datatype raw, head_t, payload_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, bl, disp, types, &raw);
    MPI_Type_create_resized(raw, 0, sizeof(struct msg), &head_t);
    MPI_Type_create_hindexed_block(1, n, (MPI_Aint[]){offsetof(struct msg, values)}, MPI_DOUBLE,
                                   &payload_t);
    MPI_Type_commit(&head_t);
    MPI_Type_commit(&payload_t);
    m->n = n;
    MPI_Type_free(&raw);
    MPI_Type_free(&head_t);
    MPI_Type_free(&payload_t);
    free(m);
    MPI_Finalize();
    return 0;
}
