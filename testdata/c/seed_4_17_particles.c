/*
 * Particle exchange: an array of structures described by one MPI struct type
 * (MPI-2.2 Example 4.17, "send the entire array"), written with the MPI-2 calls.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NPART 1000

struct Partstruct
{
    int    class;   /* particle class */
    double d[6];    /* particle coordinates */
    char   b[7];    /* some additional information */
};

struct Partstruct particle[NPART];
struct Partstruct incoming[NPART];

int main(int argc, char *argv[])
{
    int i, rank, tag = 17;
    MPI_Comm comm;

    MPI_Init(&argc, &argv);
    comm = MPI_COMM_WORLD;
    MPI_Comm_rank(comm, &rank);

    for (i = 0; i < NPART; i++) {
        particle[i].class = i % 3;
        for (int k = 0; k < 6; k++)
            particle[i].d[k] = i + 0.1 * k;
        snprintf(particle[i].b, sizeof particle[i].b, "p%05d", i % 100000);
    }

    /* build datatype describing structure */
    MPI_Datatype Particletype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklen[3] = {1, 6, 7};
    MPI_Aint     disp[3];
    MPI_Aint     base;

    /* compute displacements of structure components */
    MPI_Get_address(particle, disp);
    MPI_Get_address(particle[0].d, disp + 1);
    MPI_Get_address(particle[0].b, disp + 2);
    base = disp[0];
    for (i = 0; i < 3; i++) disp[i] -= base;

    MPI_Type_create_struct(3, blocklen, disp, type, &Particletype);

    /* If compiler does padding in mysterious ways, the following may be safer:
       set the extent explicitly to the distance between two array entries */
    MPI_Datatype Particlestride;
    MPI_Aint     sizeofentry;
    MPI_Get_address(particle + 1, &sizeofentry);
    sizeofentry -= base;
    MPI_Type_create_resized(Particletype, 0, sizeofentry, &Particlestride);

    /* send the entire array */
    MPI_Type_commit(&Particlestride);
    MPI_Sendrecv(particle, NPART, Particlestride, rank, tag,
                 incoming, NPART, Particlestride, rank, tag, comm, MPI_STATUS_IGNORE);

    for (i = 0; i < NPART; i++) {
        if (incoming[i].class != particle[i].class || incoming[i].d[5] != particle[i].d[5]) {
            fprintf(stderr, "particle %d garbled\n", i);
            MPI_Abort(comm, 1);
        }
    }

    MPI_Type_free(&Particlestride);
    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
