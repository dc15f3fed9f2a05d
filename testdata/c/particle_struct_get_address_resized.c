/* Particles: MPI_Get_address on the fields of p[0], offsets from p[0], resized to &p[1]. */
#include <mpi.h>

typedef struct { double x[3]; double v[3]; int species; } particle_t;

int main(int argc, char **argv)
{
    particle_t   p[2];
    int          lens[3] = {3, 3, 1};
    MPI_Aint     base, next, disps[3];
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT}, tmp, particle;

    MPI_Init(&argc, &argv);
    MPI_Get_address(&p[0], &base);
    MPI_Get_address(&p[0].x, &disps[0]);
    MPI_Get_address(&p[0].v, &disps[1]);
    MPI_Get_address(&p[0].species, &disps[2]);
    MPI_Get_address(&p[1], &next);
    for (int i = 0; i < 3; i++)
        disps[i] = MPI_Aint_diff(disps[i], base);
    MPI_Type_create_struct(3, lens, disps, types, &tmp);
    MPI_Type_create_resized(tmp, 0, MPI_Aint_diff(next, base), &particle);
    MPI_Type_free(&particle);
    MPI_Type_free(&tmp);
    MPI_Finalize();
    return 0;
}
