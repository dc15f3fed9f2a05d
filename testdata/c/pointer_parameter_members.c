/* A library routine builds the type of a record it is handed by pointer; nothing in this file
 * calls it directly (only through a function pointer), so where `p` points is unknown, but the
 * addresses of its members, taken as `&p->x`, `&(*p).y` and `&p[1]`, are known relative to it. */
#include <mpi.h>

struct sample {
    int id;
    double x;
    float y;
};

void sample_type(struct sample *p, MPI_Datatype *out)
{
    int lengths[3] = {1, 1, 1};
    MPI_Aint base, displs[3];
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_FLOAT, MPI_INT}, inner;

    MPI_Get_address(p, &base);
    MPI_Get_address(&p->x, &displs[0]);
    MPI_Get_address(&(*p).y, &displs[1]);
    MPI_Get_address(&p[1].id, &displs[2]);
    for (int i = 0; i < 3; i++)
        displs[i] -= base;
    MPI_Type_create_struct(3, lengths, displs, types, &inner);
    MPI_Type_create_resized(inner, 0, displs[2], out);
    MPI_Type_free(&inner);
}

int main(int argc, char **argv)
{
    struct sample records[4];
    void (*volatile build)(struct sample *, MPI_Datatype *) = sample_type;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    build(records, &t);
    MPI_Type_commit(&t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
