/* Displacements from MPI_Get_address on `&p->x` members through a pointer to a struct. */
#include <mpi.h>

struct sample {
    int    id;
    double x;
};

int main(int argc, char **argv)
{
    struct sample s, *p = &s;
    int           lens[2] = {1, 1};
    MPI_Aint      base, disps[2];
    MPI_Datatype  types[2] = {MPI_INT, MPI_DOUBLE}, t;

    MPI_Init(&argc, &argv);
    MPI_Get_address(p, &base);
    MPI_Get_address(&p->id, &disps[0]);
    MPI_Get_address(&p->x, &disps[1]);
    disps[0] -= base;
    disps[1] -= base;
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
