/*
 * deprecated-api, fixed: MPI_Type_get_extent and the declaration of its new
 * variable in braces, as the bodies of the if, the else and the for.
 */
#include <mpi.h>
#include <stdio.h>

static void bodies_without_braces(MPI_Datatype t, int asked)
{
    MPI_Aint lb = 0, e = 0;

    if (asked) { // the extent only when asked
        MPI_Aint e_lb;
        MPI_Type_get_extent(t, &e_lb, &e);
    }
    else {
        MPI_Aint lb_extent;
        MPI_Type_get_extent(t, &lb, &lb_extent);
    }
    for (int i = 0; i < asked; i++) { /* { once per request } */
        MPI_Aint e_lb2;
        MPI_Type_get_extent(t, &e_lb2, &e);
    }
    printf("%ld %ld\n", (long)lb, (long)e);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    bodies_without_braces(MPI_DOUBLE, argc > 1);
    MPI_Finalize();
    return 0;
}
