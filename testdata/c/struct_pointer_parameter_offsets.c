/* A helper that measures a struct through its pointer parameter, called with a local struct. */
#include <mpi.h>

struct body { double pos[3]; double mass; int id; };

static void body_type(const struct body *b, MPI_Datatype *t)
{
    int          lens[3] = {3, 1, 1};
    MPI_Aint     base, disps[3];
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT};

    MPI_Get_address(b, &base);
    MPI_Get_address(b->pos, &disps[0]);
    MPI_Get_address(&b->mass, &disps[1]);
    MPI_Get_address(&b->id, &disps[2]);
    for (int i = 0; i < 3; i++)
        disps[i] -= base;
    MPI_Type_create_struct(3, lens, disps, types, t);
}

int main(int argc, char **argv)
{
    struct body  b;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    body_type(&b, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
