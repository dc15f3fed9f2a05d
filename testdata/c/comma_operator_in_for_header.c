/* A for loop with two induction variables advanced by the comma operator. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[5], disps[5];
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    for (int i = 0, d = 0; i < 5; i++, d += i)
        lens[i] = 1, disps[i] = d;
    MPI_Type_indexed(5, lens, disps, MPI_DOUBLE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
