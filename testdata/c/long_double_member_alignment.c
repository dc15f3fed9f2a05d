/* A long double after an int: 16-byte alignment on x86-64, offset 16, struct size 32. */
#include <mpi.h>
#include <stddef.h>

struct acc { int n; long double sum; };

int main(int argc, char **argv)
{
    int          lens[2] = {1, 1};
    MPI_Aint     disps[2] = {offsetof(struct acc, n), offsetof(struct acc, sum)};
    MPI_Datatype types[2] = {MPI_INT, MPI_LONG_DOUBLE}, t, t_r;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_create_resized(t, 0, sizeof(struct acc), &t_r);
    MPI_Type_free(&t_r);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
