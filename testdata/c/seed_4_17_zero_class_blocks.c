/*
 * Class-zero particles again, but consecutive class-zero particles are
 * handled as one block (MPI-2.2 Example 4.17, "a probably more efficient
 * way of defining Zparticles").  Particletype is resized to the array
 * stride so that blocks of several particles step correctly.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NPART 1000

struct Partstruct
{
    int    class;   /* particle class */
    double d[6];    /* particle coordinates */
    char   b[7];    /* some additional information */
};

static struct Partstruct particle[NPART];
static struct Partstruct copy[NPART];

int main(int argc, char *argv[])
{
    int i, j, k, rank, tag = 3;
    MPI_Comm comm = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(comm, &rank);

    for (i = 0; i < NPART; i++) {
        particle[i].class = (i / 10) % 2;     /* runs of ten */
        for (k = 0; k < 6; k++)
            particle[i].d[k] = 1000.0 * i + k;
        memset(particle[i].b, 'x', sizeof particle[i].b);
    }
    memset(copy, 0, sizeof copy);

    MPI_Datatype tmptype, Particletype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklen[3] = {1, 6, 7};
    MPI_Aint     disp[3], base, lb, extent;

    MPI_Get_address(&particle[0], &base);
    MPI_Get_address(&particle[0].class, &disp[0]);
    MPI_Get_address(&particle[0].d[0], &disp[1]);
    MPI_Get_address(&particle[0].b[0], &disp[2]);
    for (i = 0; i < 3; i++)
        disp[i] = MPI_Aint_diff(disp[i], base);
    MPI_Type_create_struct(3, blocklen, disp, type, &tmptype);
    MPI_Type_get_extent(tmptype, &lb, &extent);
    MPI_Type_create_resized(tmptype, lb, sizeof(struct Partstruct), &Particletype);
    MPI_Type_free(&tmptype);

    MPI_Datatype Zparticles;
    int zdisp[NPART], zblock[NPART];

    /* consecutive particles with class zero are handled as one block */
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
    MPI_Type_commit(&Zparticles);

    /* same layout on both sides: class-zero slots of copy[] get filled */
    MPI_Sendrecv(particle, 1, Zparticles, rank, tag,
                 copy, 1, Zparticles, rank, tag, comm, MPI_STATUS_IGNORE);

    for (i = 0; i < NPART; i++) {
        double want = particle[i].class == 0 ? particle[i].d[3] : 0.0;
        if (copy[i].d[3] != want) {
            fprintf(stderr, "slot %d: %g != %g\n", i, copy[i].d[3], want);
            MPI_Abort(comm, 1);
        }
    }

    MPI_Type_free(&Zparticles);
    MPI_Type_free(&Particletype);
    MPI_Finalize();
    return 0;
}
