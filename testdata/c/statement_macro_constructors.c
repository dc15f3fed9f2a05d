/*
 * Datatypes built inside macros that expand to statements: a
 * `do { } while (0)` helper given the handle, a block that wraps a call in
 * an error check, a helper using both, a variadic logging block, and a block
 * with temporaries of its own, two of them built by the same constructor.
 * The constructors run where each macro is used, on that line, and build the
 * handle passed to the macro (or the block's own).
 */
#include <mpi.h>
#include <stdio.h>

#define NX 8
#define NY 6

#define MAKE_COLUMN(t, rows, stride) do { \
    MPI_Type_vector(rows, 1, stride, MPI_DOUBLE, &t); \
} while (0)
#define CHECK(call) { \
    int rc_ = (call); /* MPI_SUCCESS is 0 */ \
    if (rc_ != MPI_SUCCESS) { fprintf(stderr, "%s failed\n", #call); nerrs++; } \
}
#define MAKE_ROW_PAIR(row, pair) { \
    CHECK(MPI_Type_contiguous(NX, MPI_DOUBLE, &row)) \
    MAKE_COLUMN(pair, 2, NX); \
}
#define PAIR(out) { \
    MPI_Datatype a_, b_, ts_[2]; \
    int bl_[2] = {1, 1}; \
    MPI_Aint d_[2] = {0, 16}; \
    MPI_Type_contiguous(2, MPI_INT, &a_); \
    MPI_Type_contiguous(3, MPI_DOUBLE, &b_); \
    ts_[0] = a_; \
    ts_[1] = b_; \
    MPI_Type_create_struct(2, bl_, d_, ts_, out); \
    MPI_Type_free(&a_); \
    MPI_Type_free(&b_); \
}
#define LOGGED(what, ...) { \
    if (verbose) printf("building %s\n", what); \
    __VA_ARGS__; \
}

int main(int argc, char **argv)
{
    int nerrs = 0, verbose = 0;
    MPI_Datatype col, row, pair, block, cell, both;
    int lens[2] = {1, 2};
    int displs[2] = {0, 3};

    MPI_Init(&argc, &argv);
    MAKE_COLUMN(col, NY, NX);
    CHECK(MPI_Type_create_hvector(2, 3, NX * sizeof(double), MPI_DOUBLE, &block))
    MAKE_ROW_PAIR(row, pair)
    LOGGED("cell", MPI_Type_indexed(2, lens, displs, MPI_INT, &cell))
    PAIR(&both);
    CHECK(MPI_Type_commit(&col))
    CHECK(MPI_Type_commit(&block))

    MPI_Type_free(&both);
    MPI_Type_free(&cell);
    MPI_Type_free(&pair);
    MPI_Type_free(&row);
    MPI_Type_free(&block);
    MPI_Type_free(&col);
    MPI_Finalize();
    return nerrs != 0;
}
