/*
 * Not a finding: C names are case-sensitive.  The program's own portability
 * helpers are called mpi_type_extent and mpi_address, like the removed MPI-1
 * functions in lower case, and are built on their MPI-2 replacements.
 */
#include <mpi.h>
#include <stdio.h>

struct sample {
    int    id;
    double value;
};

static int mpi_type_extent(MPI_Datatype type, MPI_Aint *extent)
{
    MPI_Aint lb;
    return MPI_Type_get_extent(type, &lb, extent);
}

static int mpi_address(const void *location, MPI_Aint *address)
{
    return MPI_Get_address(location, address);
}

int main(int argc, char **argv)
{
    int           rank;
    struct sample s = {7, 2.5};
    MPI_Aint      base, value_at, extent;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mpi_address(&s, &base);
    mpi_address(&s.value, &value_at);
    mpi_type_extent(MPI_DOUBLE, &extent);
    printf("[%d] %ld %ld\n", rank, (long)(value_at - base), (long)extent);
    MPI_Finalize();
    return 0;
}
