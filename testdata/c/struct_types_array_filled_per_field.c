/* A types array set element by element after declaration, including a derived type entry. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          lens[2] = {1, 2};
    MPI_Aint     disps[2] = {0, 16};
    MPI_Datatype types[2], triple, rec;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(3, MPI_FLOAT, &triple);
    types[0] = MPI_LONG_LONG;
    types[1] = triple;
    MPI_Type_create_struct(2, lens, disps, types, &rec);
    MPI_Type_free(&rec);
    MPI_Type_free(&triple);
    MPI_Finalize();
    return 0;
}
