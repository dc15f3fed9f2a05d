/*
 * Alternative for sending the first two coordinates of every particle
 * (MPI-2.2 Example 4.17): a type for one pair of coordinates whose extent
 * is one particle entry.  MPI-1 did this with MPI_LB/MPI_UB markers; here
 * the bounds are set with MPI_Type_create_resized.
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
struct Partstruct target[NPART];

int main(int argc, char *argv[])
{
    int i, rank, tag = 1;
    MPI_Comm comm = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(comm, &rank);

    for (i = 0; i < NPART; i++)
        for (int k = 0; k < 6; k++) {
            particle[i].d[k] = i * 0.25 + k;
            target[i].d[k] = -1.0;
        }

    MPI_Datatype Pair, Onepair;  /* datatype for one pair of coordinates, with
                                    the extent of one particle entry */
    MPI_Aint     disp0, disp1, disp2;

    MPI_Get_address(particle, &disp0);
    MPI_Get_address(particle[0].d, &disp1);
    MPI_Get_address(particle + 1, &disp2);

    MPI_Type_contiguous(2, MPI_DOUBLE, &Pair);
    /* lower bound at the start of the entry, relative to particle[0].d */
    MPI_Type_create_resized(Pair, disp0 - disp1, disp2 - disp0, &Onepair);
    MPI_Type_free(&Pair);
    MPI_Type_commit(&Onepair);

    MPI_Sendrecv(particle[0].d, NPART, Onepair, rank, tag,
                 target[0].d, NPART, Onepair, rank, tag, comm, MPI_STATUS_IGNORE);

    for (i = 0; i < NPART; i++)
        if (target[i].d[1] != particle[i].d[1] || target[i].d[2] != -1.0) {
            fprintf(stderr, "entry %d wrong\n", i);
            MPI_Abort(comm, 1);
        }

    MPI_Type_free(&Onepair);
    MPI_Finalize();
    return 0;
}
