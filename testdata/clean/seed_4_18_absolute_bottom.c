/*
 * MPI-2.2 Example 4.18 with the current API: the particle type built on the
 * absolute addresses of particle[0]'s fields, resized so that its lower
 * bound is the address of particle[0] and its extent the size of a particle,
 * sent from MPI_BOTTOM; then the class-zero particles, preceded by their
 * count, again from MPI_BOTTOM.  Messages go to this process itself; the
 * receive side uses the same layout on the array `copy`.
 */
#include <mpi.h>
#include <stdio.h>

#define NPART 1000

struct Partstruct {
    int    kind;
    double d[6];
    char   b[7];
};

static struct Partstruct particle[NPART];
static struct Partstruct copy[NPART];

int main(int argc, char **argv)
{
    int          i, j, k, jr = 0, rank;
    MPI_Datatype tmp, Particletype, reltype, Zparticles, Ztype, Zcopy, Zrtype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          block[3] = {1, 6, 7};
    MPI_Aint     disp[3], reldisp[3];
    static int   zdisp[NPART], zblock[NPART];
    int          zzblock[2] = {1, 1};
    MPI_Aint     zzdisp[2];
    MPI_Datatype zztype[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < NPART; i++)
        particle[i].kind = (i / 7) % 2;

    MPI_Get_address(particle, &disp[0]);
    MPI_Get_address(particle[0].d, &disp[1]);
    MPI_Get_address(particle[0].b, &disp[2]);
    MPI_Type_create_struct(3, block, disp, type, &tmp);
    MPI_Type_create_resized(tmp, disp[0], sizeof(struct Partstruct), &Particletype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&Particletype);

    for (i = 0; i < 3; i++)
        reldisp[i] = disp[i] - disp[0];
    MPI_Type_create_struct(3, block, reldisp, type, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct Partstruct), &reltype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&reltype);

    /* 5.1: send the entire array */
    MPI_Sendrecv(MPI_BOTTOM, NPART, Particletype, rank, 0, copy, NPART, reltype, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* 5.2: the class-zero particles, preceded by their number */
    j = 0;
    for (i = 0; i < NPART; i++)
        if (particle[i].kind == 0) {
            for (k = i + 1; k < NPART && particle[k].kind == 0; k++)
                ;
            zdisp[j] = i;
            zblock[j] = k - i;
            j++;
            i = k;
        }
    MPI_Type_indexed(j, zblock, zdisp, Particletype, &Zparticles);
    MPI_Get_address(&j, &zzdisp[0]);
    zzdisp[1] = 0;   /* Zparticles already holds absolute addresses */
    zztype[0] = MPI_INT;
    zztype[1] = Zparticles;
    MPI_Type_create_struct(2, zzblock, zzdisp, zztype, &Ztype);
    MPI_Type_free(&Zparticles);
    MPI_Type_commit(&Ztype);

    /* the same selection on `copy`, with the count received into jr */
    MPI_Type_indexed(j, zblock, zdisp, reltype, &Zcopy);
    MPI_Get_address(&jr, &zzdisp[0]);
    MPI_Get_address(copy, &zzdisp[1]);
    zztype[1] = Zcopy;
    MPI_Type_create_struct(2, zzblock, zzdisp, zztype, &Zrtype);
    MPI_Type_free(&Zcopy);
    MPI_Type_commit(&Zrtype);

    MPI_Sendrecv(MPI_BOTTOM, 1, Ztype, rank, 1, MPI_BOTTOM, 1, Zrtype, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("[%d] %d blocks of class 0 received (%d sent)\n", rank, jr, j);

    MPI_Type_free(&Zrtype);
    MPI_Type_free(&Ztype);
    MPI_Type_free(&reltype);
    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
