/* The buffer is a member, `&s.b`, and the type's displacements are relative to that member. */
#include <mpi.h>

struct rec {
    char   tag;
    double b[2];
    int    n;
};

int main(int argc, char **argv)
{
    struct rec   s = {'x', {1.0, 2.0}, 3}, r;
    int          lens[2] = {2, 1};
    MPI_Aint     at_b, at_n, disps[2];
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT}, tail;

    MPI_Init(&argc, &argv);
    MPI_Get_address(&s.b, &at_b);
    MPI_Get_address(&s.n, &at_n);
    disps[0] = 0;
    disps[1] = at_n - at_b;
    MPI_Type_create_struct(2, lens, disps, types, &tail);
    MPI_Type_commit(&tail);
    MPI_Sendrecv(&s.b, 1, tail, 0, 0, &r.b, 1, tail, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Type_free(&tail);
    MPI_Finalize();
    return r.n != 3;
}
