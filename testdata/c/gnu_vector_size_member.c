/*
 * Particles whose position is a GNU vector of four doubles
 * (`__attribute__((vector_size(32)))`, 32 bytes aligned to 32), described as
 * four MPI_DOUBLE at its offset and resized to the struct.
 */
#include <mpi.h>
#include <stddef.h>

typedef double v4d __attribute__((vector_size(32)));

struct particle {
    int id;
    v4d pos;
    float mass;
};

int main(int argc, char **argv)
{
    struct particle p[8];
    int             bl[3] = {1, 4, 1};
    MPI_Aint        disp[3] = {offsetof(struct particle, id), offsetof(struct particle, pos),
                               offsetof(struct particle, mass)};
    MPI_Datatype    types[3] = {MPI_INT, MPI_DOUBLE, MPI_FLOAT};
    MPI_Datatype    raw, particle_t, lanes_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, bl, disp, types, &raw);
    MPI_Type_create_resized(raw, 0, sizeof(struct particle), &particle_t);
    MPI_Type_contiguous(sizeof(v4d) / sizeof(double), MPI_DOUBLE, &lanes_t);
    MPI_Type_commit(&particle_t);
    MPI_Type_commit(&lanes_t);
    p[0].id = 1;
    MPI_Sendrecv_replace(p, 8, particle_t, 0, 0, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Type_free(&raw);
    MPI_Type_free(&particle_t);
    MPI_Type_free(&lanes_t);
    MPI_Finalize();
    return 0;
}
