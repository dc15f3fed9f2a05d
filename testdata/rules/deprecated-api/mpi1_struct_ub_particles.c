/*
 * deprecated-api: MPI-1 style particle type, as in MPI-2.2 Example 4.17 --
 * MPI_Address for the field addresses, an MPI_UB marker at the address of
 * the next particle to set the extent, MPI_Type_struct, MPI_Type_extent.
 * All removed in MPI-3.0 (one expectation per line that uses them).
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
    MPI_Datatype Particletype;
    MPI_Datatype type1[4] = {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_UB}; /* expect: deprecated-api */
    int          blocklen1[4] = {1, 6, 7, 1};
    MPI_Aint     disp1[4], base, extent;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < NPART; i++) {
        particle[i].kind = i % 4;
        particle[i].d[0] = i;
    }

    MPI_Address(particle, disp1); /* expect: deprecated-api */
    MPI_Address(particle[0].d, disp1 + 1); /* expect: deprecated-api */
    MPI_Address(particle[0].b, disp1 + 2); /* expect: deprecated-api */
    MPI_Address(particle + 1, disp1 + 3); /* expect: deprecated-api */
    base = disp1[0];
    for (i = 0; i < 4; i++)
        disp1[i] -= base;
    MPI_Type_struct(4, blocklen1, disp1, type1, &Particletype); /* expect: deprecated-api */
    MPI_Type_commit(&Particletype);
    MPI_Type_extent(Particletype, &extent); /* expect: deprecated-api */
    if (extent != (MPI_Aint)sizeof(struct Partstruct))
        fprintf(stderr, "unexpected extent %ld\n", (long)extent);

    MPI_Sendrecv(particle, NPART, Particletype, rank, 0, scratch, NPART, Particletype, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %d %g\n", rank, scratch[7].kind, scratch[7].d[0]);

    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
