/* Variable names made by token pasting: `len_##f` and `disp_##f` per field. */
#include <mpi.h>

#define FIELD(f, n, d) int len_##f = (n); MPI_Aint disp_##f = (d)

int main(int argc, char **argv)
{
    FIELD(pos, 3, 0);
    FIELD(mass, 1, 24);
    int          lens[2];
    MPI_Aint     disps[2];
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_DOUBLE}, body;

    MPI_Init(&argc, &argv);
    lens[0] = len_pos;
    lens[1] = len_mass;
    disps[0] = disp_pos;
    disps[1] = disp_mass;
    MPI_Type_create_struct(2, lens, disps, types, &body);
    MPI_Type_free(&body);
    MPI_Finalize();
    return 0;
}
