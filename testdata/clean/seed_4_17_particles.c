/*
 * MPI-2.2 Example 4.17 with the current API: the particle type from
 * MPI_Get_address relative to the first particle and resized to the distance
 * between two particles (instead of an MPI_UB marker); "all pairs" as an
 * hvector with the extent from MPI_Type_get_extent; "one pair" as a resized
 * contiguous type.  Every message goes to this process itself.
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
static double            pairs[2 * NPART];

int main(int argc, char **argv)
{
    int          i, rank, tag = 0;
    MPI_Datatype tmp, Particletype, Allpairs, pair, Onepair;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklen[3] = {1, 6, 7};
    MPI_Aint     disp[3], base, next, lb, sizeofentry;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < NPART; i++) {
        particle[i].kind = i % 3;
        for (int k = 0; k < 6; k++)
            particle[i].d[k] = i + 0.1 * k;
    }

    /* build datatype describing structure */
    MPI_Get_address(particle, &disp[0]);
    MPI_Get_address(particle[0].d, &disp[1]);
    MPI_Get_address(particle[0].b, &disp[2]);
    MPI_Get_address(particle + 1, &next);
    base = disp[0];
    for (i = 0; i < 3; i++)
        disp[i] -= base;
    MPI_Type_create_struct(3, blocklen, disp, type, &tmp);
    MPI_Type_create_resized(tmp, 0, next - base, &Particletype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&Particletype);

    /* 4.1: send the entire array */
    MPI_Sendrecv(particle, NPART, Particletype, rank, tag, scratch, NPART, Particletype, rank, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* 4.3: send the first two coordinates of all entries */
    MPI_Type_get_extent(Particletype, &lb, &sizeofentry);
    MPI_Type_create_hvector(NPART, 2, sizeofentry, MPI_DOUBLE, &Allpairs);
    MPI_Type_commit(&Allpairs);
    MPI_Sendrecv(particle[0].d, 1, Allpairs, rank, tag, pairs, 2 * NPART, MPI_DOUBLE, rank, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* alternative: one pair with the extent of one particle */
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_create_resized(pair, 0, sizeofentry, &Onepair);
    MPI_Type_free(&pair);
    MPI_Type_commit(&Onepair);
    MPI_Sendrecv(particle[0].d, NPART, Onepair, rank, tag, pairs, 2 * NPART, MPI_DOUBLE, rank, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] pair 10: %g %g; kind[10] = %d\n", rank, pairs[20], pairs[21], scratch[10].kind);

    MPI_Type_free(&Onepair);
    MPI_Type_free(&Allpairs);
    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
