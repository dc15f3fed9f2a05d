/*
 * deprecated-api: MPI_Type_extent, whose replacement needs a variable for the
 * lower bound the old call did not return.  Two calls in one block, and one
 * whose natural new name (e_lb) is a variable of the enclosing block that is
 * printed after the call: declared there, the new variable would hide it.
 */
#include <mpi.h>
#include <stdio.h>

static void two_in_one_block(MPI_Datatype t, MPI_Datatype u)
{
    MPI_Aint e;

    MPI_Type_extent(t, &e); /* expect: deprecated-api */
    printf("%ld\n", (long)e);
    MPI_Type_extent(u, &e); /* expect: deprecated-api */
    printf("%ld\n", (long)e);
}

static void name_of_an_outer_variable(MPI_Datatype t)
{
    MPI_Aint e, e_lb = 5;

    {
        MPI_Type_extent(t, &e); /* expect: deprecated-api */
        printf("%ld %ld\n", (long)e, (long)e_lb);
    }
}

int main(int argc, char **argv)
{
    MPI_Datatype pair;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    two_in_one_block(MPI_DOUBLE, pair);
    name_of_an_outer_variable(MPI_DOUBLE);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
