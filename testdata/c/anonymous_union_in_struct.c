/* A struct with an anonymous union of a double and an int pair: the tag follows at 8. */
#include <mpi.h>
#include <stddef.h>

struct value { union { double d; int i[2]; }; char type; };

int main(int argc, char **argv)
{
    int          lens[2] = {1, 1};
    MPI_Aint     disps[2] = {offsetof(struct value, d), offsetof(struct value, type)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_CHAR}, t, t_r;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_create_resized(t, 0, sizeof(struct value), &t_r);
    MPI_Type_free(&t_r);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
