/*
 * Members with their own layout attributes: a field aligned to 16
 * (`aligned(16)`), a packed field inside an ordinary struct, and a packed
 * union declared `union __attribute__((packed))`.
 */
#include <mpi.h>
#include <stddef.h>

union __attribute__((packed)) word {
    char   c;
    double d;
};

struct cell {
    char        tag;
    double      value __attribute__((aligned(16)));
    char        pad;
    int         count __attribute__((packed));
    union word  w;
};

int main(int argc, char **argv)
{
    struct cell  c[3];
    int          bl[3] = {1, 1, 1};
    MPI_Aint     disp[3] = {offsetof(struct cell, value), offsetof(struct cell, count),
                            offsetof(struct cell, w)};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_INT, MPI_DOUBLE};
    MPI_Datatype raw, cell_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, bl, disp, types, &raw);
    MPI_Type_create_resized(raw, 0, sizeof(struct cell), &cell_t);
    MPI_Type_commit(&cell_t);
    c[0].value = 1.0;
    MPI_Sendrecv_replace(c, 3, cell_t, 0, 0, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Type_free(&raw);
    MPI_Type_free(&cell_t);
    MPI_Finalize();
    return 0;
}
