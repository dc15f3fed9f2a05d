/*
 * Error-check macros that expand to a statement, used without a trailing
 * `;` (legal C: each expansion is a complete statement), with declarations
 * and element assignments right after them.  Those are read as written
 * (not as declarations of a type named after the macro), and the types
 * built from them are known.
 */
#include <mpi.h>
#include <stdio.h>

#define CHECK {if (err != MPI_SUCCESS) {printf("error %d at line %d\n", err, __LINE__); nerrs++;}}
#define CHECK_ALL { \
    if (err != MPI_SUCCESS) { \
        nerrs++; /* counted on every rank */ \
    } \
    MPI_Allreduce(MPI_IN_PLACE, &nerrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); \
}
#define EXPECT(code) { if (err != (code)) nerrs++; }
#define COUNT_ERR(e) if ((e) != MPI_SUCCESS) nerrs++;
#define TRACE(msg)

int main(int argc, char **argv)
{
    int err, nerrs = 0, sizes[3], starts[3];
    MPI_Datatype face, cols, tile, pair;

    MPI_Init(&argc, &argv);
    err = MPI_Barrier(MPI_COMM_WORLD); CHECK
    sizes[0] = 10; sizes[1] = 12; sizes[2] = 14;
    int subsizes[3] = {1, 12, 14};
    TRACE("starts")
    starts[0] = 9; starts[1] = 0; starts[2] = 0;
    err = MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &face); CHECK_ALL
    int blocklens[4] = {1, 2, 3, 4};
    int displs[4] = {0, 4, 8, 12};
    err = MPI_Type_indexed(4, blocklens, displs, MPI_INT, &cols); EXPECT(MPI_SUCCESS)
    TRACE("tile")
    MPI_Aint lb = 0, extent = 8 * sizeof(double);
    err = MPI_Type_create_resized(face, lb, extent, &tile); CHECK
    int lens[2] = {2, 1};
    MPI_Aint disps[2] = {0, 16};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
    COUNT_ERR(MPI_Type_create_struct(2, lens, disps, types, &pair))
    if (nerrs > 0) CHECK else TRACE("all good");
    MPI_Type_commit(&tile);
    MPI_Type_commit(&cols);
    MPI_Type_commit(&pair);

    MPI_Type_free(&pair);
    MPI_Type_free(&tile);
    MPI_Type_free(&cols);
    MPI_Type_free(&face);
    MPI_Finalize();
    return nerrs != 0;
}
