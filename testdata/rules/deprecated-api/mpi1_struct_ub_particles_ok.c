/*
 * deprecated-api, corrected twin of mpi1_struct_ub_particles.c: the MPI-2
 * replacements -- MPI_Get_address, MPI_Type_create_struct, and
 * MPI_Type_create_resized instead of the MPI_UB marker; MPI_Type_get_extent.
 */
#include <mpi.h>
#include <stdio.h>

#define NPART 1000

struct Partstruct {
    int    kind;   /* particle class */
    double d[6];   /* particle coordinates */
    char   b[7];   /* some additional information */
};

static struct Partstruct particle[NPART];
static struct Partstruct scratch[NPART];

int main(int argc, char **argv)
{
    int          i, rank;
    MPI_Datatype tmp, Particletype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklen[3] = {1, 6, 7};
    MPI_Aint     disp[3], base, next, lb, extent;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < NPART; i++) {
        particle[i].kind = i % 4;
        particle[i].d[0] = i;
    }

    MPI_Get_address(particle, disp);
    MPI_Get_address(particle[0].d, disp + 1);
    MPI_Get_address(particle[0].b, disp + 2);
    MPI_Get_address(particle + 1, &next);
    base = disp[0];
    for (i = 0; i < 3; i++)
        disp[i] -= base;
    MPI_Type_create_struct(3, blocklen, disp, type, &tmp);
    MPI_Type_create_resized(tmp, 0, next - base, &Particletype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&Particletype);
    MPI_Type_get_extent(Particletype, &lb, &extent);
    if (extent != (MPI_Aint)sizeof(struct Partstruct))
        fprintf(stderr, "unexpected extent %ld\n", (long)extent);

    MPI_Sendrecv(particle, NPART, Particletype, rank, 0, scratch, NPART, Particletype, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %d %g\n", rank, scratch[7].kind, scratch[7].d[0]);

    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
