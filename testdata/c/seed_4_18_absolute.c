/*
 * MPI-2.2 Example 4.18: the particle manipulations with absolute addresses
 * in the datatypes; every buffer argument is MPI_BOTTOM.
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
struct Partstruct mirror[NPART];

int main(int argc, char *argv[])
{
    int rank, tag = 5;
    MPI_Comm comm = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(comm, &rank);

    for (int p = 0; p < NPART; p++) {
        particle[p].class = (p % 7 == 0 || p % 7 == 1) ? 0 : 2;
        for (int c = 0; c < 6; c++)
            particle[p].d[c] = p + c / 8.0;
    }

    /* build datatype describing first array entry */
    MPI_Datatype Particletype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          block[3] = {1, 6, 7};
    MPI_Aint     disp[3];

    MPI_Get_address(particle, disp);
    MPI_Get_address(particle[0].d, disp + 1);
    MPI_Get_address(particle[0].b, disp + 2);
    MPI_Type_create_struct(3, block, disp, type, &Particletype);

    /* Particletype describes first array entry -- using absolute addresses */

    /* send the entire array; the receiver describes its copy relative to
       the start of mirror[] */
    MPI_Datatype Mirrortype;
    MPI_Aint     mdisp[3];
    for (int f = 0; f < 3; f++)
        mdisp[f] = disp[f] - disp[0];
    MPI_Type_create_struct(3, block, mdisp, type, &Mirrortype);

    MPI_Type_commit(&Particletype);
    MPI_Type_commit(&Mirrortype);
    MPI_Sendrecv(MPI_BOTTOM, NPART, Particletype, rank, tag,
                 mirror, NPART, Mirrortype, rank, tag, comm, MPI_STATUS_IGNORE);
    if (mirror[NPART - 1].d[5] != particle[NPART - 1].d[5]) {
        fprintf(stderr, "copy mismatch\n");
        MPI_Abort(comm, 1);
    }

    /* send the entries of class zero,
       preceded by the number of such entries */
    MPI_Datatype Zparticles, Ztype;

    int          zdisp[NPART];
    int          zblock[NPART], i, j, k;
    int          zzblock[2] = {1, 1};
    MPI_Datatype zztype[2];
    MPI_Aint     zzdisp[2];

    j = 0;
    for (i = 0; i < NPART; i++)
        if (particle[i].class == 0) {
            for (k = i + 1; (k < NPART) && (particle[k].class == 0); k++)
                ;
            zdisp[j] = i;
            zblock[j] = k - i;
            j++;
            i = k;
        }
    MPI_Type_indexed(j, zblock, zdisp, Particletype, &Zparticles);
    /* Zparticles describe particles with class zero, using
       their absolute addresses */

    /* prepend particle count */
    MPI_Get_address(&j, zzdisp);
    zzdisp[1] = (MPI_Aint) MPI_BOTTOM;
    zztype[0] = MPI_INT;
    zztype[1] = Zparticles;
    MPI_Type_create_struct(2, zzblock, zzdisp, zztype, &Ztype);  /* unknowable: the displacements
       are absolute: the address of j and MPI_BOTTOM */

    MPI_Type_commit(&Ztype);
    int   packsize, position;
    MPI_Pack_size(1, Ztype, comm, &packsize);
    char *packbuf = malloc(packsize);
    MPI_Request req;
    MPI_Isend(MPI_BOTTOM, 1, Ztype, rank, tag, comm, &req);
    MPI_Recv(packbuf, packsize, MPI_PACKED, rank, tag, comm, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    int nblocks;
    position = 0;
    MPI_Unpack(packbuf, packsize, &position, &nblocks, 1, MPI_INT, comm);
    if (nblocks != j) {
        fprintf(stderr, "expected %d blocks, got %d\n", j, nblocks);
        MPI_Abort(comm, 1);
    }

    free(packbuf);
    MPI_Type_free(&Ztype);
    MPI_Type_free(&Zparticles);
    MPI_Type_free(&Mirrortype);
    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
