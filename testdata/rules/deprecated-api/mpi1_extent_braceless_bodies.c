/*
 * deprecated-api: MPI_Type_extent and MPI_Type_lb as the bodies of an if, an
 * else and a for written without braces.  The replacement declares a
 * variable before the call, which needs braces around the two.
 */
#include <mpi.h>
#include <stdio.h>

static void bodies_without_braces(MPI_Datatype t, int asked)
{
    MPI_Aint lb = 0, e = 0;

    if (asked) // the extent only when asked
        MPI_Type_extent(t, &e); /* expect: deprecated-api */
    else
        MPI_Type_lb(t, &lb); /* expect: deprecated-api */
    for (int i = 0; i < asked; i++) /* { once per request } */
        MPI_Type_extent(t, &e); /* expect: deprecated-api */
    printf("%ld %ld\n", (long)lb, (long)e);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    bodies_without_braces(MPI_DOUBLE, argc > 1);
    MPI_Finalize();
    return 0;
}
