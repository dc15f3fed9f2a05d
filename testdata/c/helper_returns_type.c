/*
 * Particle I/O buffer types built by small helpers: one returns the new
 * handle by value, the other fills it through a pointer argument.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int    id;
    double pos[3];
    char   species;
} particle_t;

/* committed struct type for one particle_t, extent == sizeof(particle_t) */
static MPI_Datatype particle_mpi_type(void)
{
    particle_t   p = {0};   /* only its layout matters */
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklens[3] = {1, 3, 1};
    MPI_Aint     displs[3], base;
    MPI_Datatype tmp, result;

    MPI_Get_address(&p, &base);
    MPI_Get_address(&p.id, &displs[0]);
    MPI_Get_address(&p.pos, &displs[1]);
    MPI_Get_address(&p.species, &displs[2]);
    for (int i = 0; i < 3; i++)
        displs[i] -= base;

    MPI_Type_create_struct(3, blocklens, displs, types, &tmp);
    MPI_Type_create_resized(tmp, 0, (MPI_Aint)sizeof(particle_t), &result);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&result);
    return result;
}

/* positions only: three doubles out of every particle_t */
static int make_position_type(int count, MPI_Datatype *newtype)
{
    int err = MPI_Type_create_hvector(count, 3, (MPI_Aint)sizeof(particle_t),
                                      MPI_DOUBLE, newtype);
    if (err != MPI_SUCCESS)
        return err;
    return MPI_Type_commit(newtype);
}

int main(int argc, char **argv)
{
    int          rank, n = 500;
    particle_t  *parts, *back;
    double      *xyz;
    MPI_Datatype ptype, postype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    parts = malloc(n * sizeof(particle_t));
    back  = malloc(n * sizeof(particle_t));
    xyz   = malloc(3 * n * sizeof(double));
    for (int i = 0; i < n; i++) {
        parts[i].id = i;
        parts[i].pos[0] = i;
        parts[i].pos[1] = -i;
        parts[i].pos[2] = i * i;
        parts[i].species = 'e';
    }

    ptype = particle_mpi_type();
    make_position_type(n, &postype);

    MPI_Sendrecv(parts, n, ptype, rank, 1, back, n, ptype, rank, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(parts[0].pos, 1, postype, rank, 2, xyz, 3 * n, MPI_DOUBLE, rank, 2,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (back[n - 1].id != n - 1 || xyz[3 * (n - 1) + 2] != parts[n - 1].pos[2]) {
        fprintf(stderr, "mismatch\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&postype);
    MPI_Type_free(&ptype);
    free(xyz);
    free(back);
    free(parts);
    MPI_Finalize();
    return 0;
}
