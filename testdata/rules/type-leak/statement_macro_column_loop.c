/*
 * type-leak: each column of the field is sent with a subarray type that a
 * helper macro (a `do { } while (0)` statement) builds and commits; the
 * macro that frees it is used once after the loop, so every type but the
 * last is lost.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 12
#define NY 10

#define MAKE_COLUMN(t, col) do { \
    MPI_Type_create_subarray(2, sizes, colsize, (int[2]){0, col}, MPI_ORDER_C, MPI_DOUBLE, &t); \
    MPI_Type_commit(&t); \
} while (0)
#define FREE_TYPE(t) { MPI_Type_free(&t); t = MPI_DATATYPE_NULL; }

static double field[NY][NX];
static double column[NY];

int main(int argc, char **argv)
{
    int rank, sizes[2] = {NY, NX}, colsize[2] = {NY, 1};
    MPI_Datatype coltype = MPI_DATATYPE_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
            field[j][i] = i + 100 * j;

    for (int i = 0; i < NX; i++) {
        MAKE_COLUMN(coltype, i); /* expect: type-leak */
        MPI_Sendrecv(field, 1, coltype, rank, i, column, NY, MPI_DOUBLE, rank, i,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    FREE_TYPE(coltype)
    printf("[%d] %g\n", rank, column[NY - 1]);
    MPI_Finalize();
    return 0;
}
