/* Member offsets as `(char *)&s.f - (char *)&s`, the pre-offsetof idiom. */
#include <mpi.h>

struct state { int step; float t; double u[3]; };

int main(int argc, char **argv)
{
    struct state s;
    int          lens[3] = {1, 1, 3};
    MPI_Aint     disps[3];
    MPI_Datatype types[3] = {MPI_INT, MPI_FLOAT, MPI_DOUBLE}, t;

    MPI_Init(&argc, &argv);
    disps[0] = (char *)&s.step - (char *)&s;
    disps[1] = (char *)&s.t - (char *)&s;
    disps[2] = (char *)s.u - (char *)&s;
    MPI_Type_create_struct(3, lens, disps, types, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
