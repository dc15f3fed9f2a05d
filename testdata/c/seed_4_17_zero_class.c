/*
 * Send only the class-zero particles, preceded by their number
 * (MPI-2.2 Example 4.17, part 2): an indexed type over the particle array,
 * combined with the count through absolute addresses and MPI_BOTTOM.
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

int main(int argc, char *argv[])
{
    int i, rank, tag = 42;
    MPI_Comm comm;

    MPI_Init(&argc, &argv);
    comm = MPI_COMM_WORLD;
    MPI_Comm_rank(comm, &rank);

    for (i = 0; i < NPART; i++) {
        particle[i].class = (i * 7) % 5 == 0 ? 0 : 1 + i % 4;
        for (int k = 0; k < 6; k++)
            particle[i].d[k] = -i - 0.5 * k;
        particle[i].b[0] = 'a' + i % 26;
    }

    /* build datatype describing structure */
    MPI_Datatype Particletype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklen[3] = {1, 6, 7};
    MPI_Aint     disp[3];
    MPI_Aint     base;

    MPI_Get_address(particle, disp);
    MPI_Get_address(particle[0].d, disp + 1);
    MPI_Get_address(particle[0].b, disp + 2);
    base = disp[0];
    for (i = 0; i < 3; i++) disp[i] -= base;
    MPI_Type_create_struct(3, blocklen, disp, type, &Particletype);

    /* send only the entries of class zero particles,
       preceded by the number of such entries */
    MPI_Datatype Zparticles;   /* datatype describing all particles
                                  with class zero (needs to be recomputed
                                  if classes change) */
    MPI_Datatype Ztype;

    int         *zdisp  = malloc(NPART * sizeof(int));
    int         *zblock = malloc(NPART * sizeof(int));
    int          j;
    int          zzblock[2] = {1, 1};
    MPI_Aint     zzdisp[2];
    MPI_Datatype zztype[2];

    /* compute displacements of class zero particles */
    j = 0;
    for (i = 0; i < NPART; i++)
        if (particle[i].class == 0) {
            zdisp[j] = i;
            zblock[j] = 1;
            j++;
        }

    /* create datatype for class zero particles */
    MPI_Type_indexed(j, zblock, zdisp, Particletype, &Zparticles);

    /* prepend particle count */
    MPI_Get_address(&j, zzdisp);
    MPI_Get_address(particle, zzdisp + 1);
    zztype[0] = MPI_INT;
    zztype[1] = Zparticles;
    MPI_Type_create_struct(2, zzblock, zzdisp, zztype, &Ztype);  /* unknowable: the displacements
       are the absolute addresses of two separate objects (j and particle) */

    MPI_Type_commit(&Ztype);
    MPI_Type_commit(&Particletype);

    /* the receiver takes the message as packed data and unpacks the count first */
    int packsize;
    MPI_Pack_size(1, Ztype, comm, &packsize);
    char *packbuf = malloc(packsize);
    MPI_Request req;
    MPI_Isend(MPI_BOTTOM, 1, Ztype, rank, tag, comm, &req);
    MPI_Recv(packbuf, packsize, MPI_PACKED, rank, tag, comm, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    int position = 0, nzero;
    MPI_Unpack(packbuf, packsize, &position, &nzero, 1, MPI_INT, comm);
    struct Partstruct *zero = malloc(nzero * sizeof(struct Partstruct));
    MPI_Unpack(packbuf, packsize, &position, zero, nzero, Particletype, comm);
    if (nzero != j || (nzero > 0 && zero[nzero - 1].d[1] != particle[zdisp[j - 1]].d[1])) {
        fprintf(stderr, "got %d class-zero particles, expected %d\n", nzero, j);
        MPI_Abort(comm, 1);
    }

    free(zero);
    free(packbuf);
    free(zblock);
    free(zdisp);
    MPI_Type_free(&Ztype);
    MPI_Type_free(&Zparticles);
    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
