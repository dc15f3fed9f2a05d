/*
 * `static` locals in a function called twice: the arrays it never writes keep their
 * initializers at every call; the count it doubles on each call starts the second call with
 * what the first left, which the analysis does not follow from call to call.
 */
#include <mpi.h>
#include <stdio.h>

static void build(void)
{
    static int lengths[3] = {1, 2, 3};
    static int displacements[3] = {0, 4, 9};
    static int count = 1;
    MPI_Datatype indexed, grown;

    MPI_Type_indexed(3, lengths, displacements, MPI_INT, &indexed);
    MPI_Type_contiguous(count, MPI_INT, &grown);  /* unknown: count is 1 at the first call
       and 2 at the second; the value a static local keeps between calls is not followed */
    count *= 2;
    MPI_Type_free(&indexed);
    MPI_Type_free(&grown);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    build();
    build();
    printf("done\n");
    MPI_Finalize();
    return 0;
}
