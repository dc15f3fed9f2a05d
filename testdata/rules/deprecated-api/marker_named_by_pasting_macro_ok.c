/*
 * Not a finding: a table of predefined datatypes built by a macro that pastes `MPI_` onto
 * each name; no row names a datatype MPI-3.0 removed.
 */
#include <mpi.h>
#include <stdio.h>

struct named_type {
    MPI_Datatype type;
    const char *name;
};

#define ROW(t) { MPI_##t, "MPI_" #t }

static struct named_type table[] = {
    ROW(INT),
    ROW(DOUBLE),
};

int main(int argc, char **argv)
{
    int size;

    MPI_Init(&argc, &argv);
    MPI_Type_size(table[1].type, &size);
    printf("%s has %d bytes\n", table[1].name, size);
    MPI_Finalize();
    return 0;
}
