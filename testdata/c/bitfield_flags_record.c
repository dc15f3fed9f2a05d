/*
 * A record that starts with bit-fields (flags packed into one unsigned
 * int, a 40-bit field in a long long, an unnamed zero-width field): only
 * the ordinary fields after them are described, at the offsets gcc gives.
 */
#include <mpi.h>
#include <stddef.h>

struct event {
    unsigned      valid : 1;
    unsigned      level : 3;
    unsigned      code  : 30;
    char          source;
    long long     stamp : 40;
    unsigned      : 0;
    short         lane;
    double        value;
};

int main(int argc, char **argv)
{
    struct event e[4];
    int          bl[3] = {1, 1, 1};
    MPI_Aint     disp[3] = {offsetof(struct event, source), offsetof(struct event, lane),
                            offsetof(struct event, value)};
    MPI_Datatype types[3] = {MPI_CHAR, MPI_SHORT, MPI_DOUBLE};
    MPI_Datatype raw, event_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, bl, disp, types, &raw);
    MPI_Type_create_resized(raw, 0, sizeof(struct event), &event_t);
    MPI_Type_commit(&event_t);
    e[0].value = 2.5;
    MPI_Sendrecv_replace(e, 4, event_t, 0, 0, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Type_free(&raw);
    MPI_Type_free(&event_t);
    MPI_Finalize();
    return 0;
}
