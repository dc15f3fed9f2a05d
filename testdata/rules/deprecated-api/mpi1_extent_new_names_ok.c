/*
 * deprecated-api, fixed: MPI_Type_get_extent with a variable of its own for
 * the lower bound, named apart from every name of the file.
 */
#include <mpi.h>
#include <stdio.h>

static void two_in_one_block(MPI_Datatype t, MPI_Datatype u)
{
    MPI_Aint e;

    MPI_Aint e_lb2;
    MPI_Type_get_extent(t, &e_lb2, &e);
    printf("%ld\n", (long)e);
    MPI_Aint e_lb3;
    MPI_Type_get_extent(u, &e_lb3, &e);
    printf("%ld\n", (long)e);
}

static void name_of_an_outer_variable(MPI_Datatype t)
{
    MPI_Aint e, e_lb = 5;

    {
        MPI_Aint e_lb4;
        MPI_Type_get_extent(t, &e_lb4, &e);
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
