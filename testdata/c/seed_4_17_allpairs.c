/*
 * Send the first two coordinates of all particles (MPI-2.2 Example 4.17,
 * part 3): an hvector whose stride is the extent of one array entry.
 */
#include <mpi.h>
#include <stdio.h>

#define NPART 1000

struct Partstruct
{
    int    class;   /* particle class */
    double d[6];    /* particle coordinates */
    char   b[7];    /* some additional information */
};

struct Partstruct particle[NPART];
double pairs[NPART][2];

int main(int argc, char *argv[])
{
    int i, rank, tag = 0;
    MPI_Comm comm = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(comm, &rank);

    for (i = 0; i < NPART; i++) {
        particle[i].class = 0;
        for (int k = 0; k < 6; k++)
            particle[i].d[k] = 10.0 * i + k;
    }

    MPI_Datatype Particletype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklen[3] = {1, 6, 7};
    MPI_Aint     disp[3], base;

    MPI_Get_address(particle, disp);
    MPI_Get_address(particle[0].d, disp + 1);
    MPI_Get_address(particle[0].b, disp + 2);
    base = disp[0];
    for (i = 0; i < 3; i++) disp[i] -= base;
    MPI_Type_create_struct(3, blocklen, disp, type, &Particletype);

    /* send the first two coordinates of all entries */
    MPI_Datatype Allpairs;      /* datatype for all pairs of coordinates */
    MPI_Aint     lb, sizeofentry;

    MPI_Type_get_extent(Particletype, &lb, &sizeofentry);

    /* sizeofentry can also be computed by subtracting the address
       of particle[0] from the address of particle[1] */
    MPI_Type_create_hvector(NPART, 2, sizeofentry, MPI_DOUBLE, &Allpairs);
    MPI_Type_commit(&Allpairs);

    MPI_Sendrecv(particle[0].d, 1, Allpairs, rank, tag,
                 pairs, 2 * NPART, MPI_DOUBLE, rank, tag, comm, MPI_STATUS_IGNORE);

    for (i = 0; i < NPART; i++)
        if (pairs[i][0] != particle[i].d[0] || pairs[i][1] != particle[i].d[1]) {
            fprintf(stderr, "pair %d wrong\n", i);
            MPI_Abort(comm, 1);
        }

    MPI_Type_free(&Allpairs);
    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
