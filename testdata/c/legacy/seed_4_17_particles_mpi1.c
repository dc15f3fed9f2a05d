/* oracle: skip (MPI-1 API removed in MPI-3.0) */
/*
 * MPI-2.2 Example 4.17 as the standard writes it, with the MPI-1 calls
 * (MPI_Address, MPI_Type_struct, MPI_Type_extent, MPI_Type_hvector) and the
 * MPI_LB / MPI_UB markers.  Every message goes to this process itself; the
 * matching receive is posted first.  Two slips in the printed example are
 * corrected: zdisp is an int array (MPI_Type_indexed takes int
 * displacements), and the Onepair loop makes all three displacements
 * relative (the text stops at i<2, leaving the MPI_UB at an absolute address).
 */
#include <mpi.h>
#include <stdio.h>

struct Partstruct
{
    int    class;  /* particle class */
    double d[6];   /* particle coordinates */
    char   b[7];   /* some additional information */
};

struct Partstruct particle[1000];
struct Partstruct scratch[1000];

int main(int argc, char *argv[])
{
    int          i, dest, rank, tag;
    MPI_Comm     comm;
    MPI_Request  req;

    MPI_Init(&argc, &argv);
    comm = MPI_COMM_WORLD;
    MPI_Comm_rank(comm, &rank);
    dest = rank;
    tag = 0;
    for (i = 0; i < 1000; i++)
        particle[i].class = i % 2;

    /* build datatype describing structure */

    MPI_Datatype Particletype;
    MPI_Datatype type[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int          blocklen[3] = {1, 6, 7};
    MPI_Aint     disp[3];
    MPI_Aint     base;

    /* compute displacements of structure components */

    MPI_Address( particle, disp);  /* expect: deprecated-api */
    MPI_Address( particle[0].d, disp+1);  /* expect: deprecated-api */
    MPI_Address( particle[0].b, disp+2);  /* expect: deprecated-api */
    base = disp[0];
    for (i=0; i < 3; i++) disp[i] -= base;

    MPI_Type_struct( 3, blocklen, disp, type, &Particletype);  /* expect: deprecated-api */

    /* If compiler does padding in mysterious ways,
       the following may be safer */

    MPI_Datatype type1[4] = {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_UB};  /* expect: deprecated-api */
    int          blocklen1[4] = {1, 6, 7, 1};
    MPI_Aint     disp1[4];

    /* compute displacements of structure components */

    MPI_Address( particle, disp1);  /* expect: deprecated-api */
    MPI_Address( particle[0].d, disp1+1);  /* expect: deprecated-api */
    MPI_Address( particle[0].b, disp1+2);  /* expect: deprecated-api */
    MPI_Address( particle+1, disp1+3);  /* expect: deprecated-api */
    base = disp1[0];
    for (i=0; i < 4; i++) disp1[i] -= base;

    /* build datatype describing structure */

    MPI_Datatype Particletype1;
    MPI_Type_struct( 4, blocklen1, disp1, type1, &Particletype1);  /* expect: deprecated-api */

    /* 4.1:
       send the entire array */

    MPI_Type_commit( &Particletype1);
    MPI_Irecv( scratch, 1000, Particletype1, rank, tag, comm, &req);
    MPI_Send( particle, 1000, Particletype1, dest, tag, comm);
    MPI_Wait( &req, MPI_STATUS_IGNORE);

    /* 4.2:
       send only the entries of class zero particles,
       preceded by the number of such entries */

    MPI_Datatype Zparticles;   /* datatype describing all particles
                                  with class zero (needs to be recomputed
                                  if classes change) */
    MPI_Datatype Ztype;

    int          zdisp[1000];
    int          zblock[1000], j, k;
    int          zzblock[2] = {1,1};
    MPI_Aint     zzdisp[2];
    MPI_Datatype zztype[2];
    static char  packbuf[1000 * sizeof(struct Partstruct) + 64];

    /* compute displacements of class zero particles */
    j = 0;
    for(i=0; i < 1000; i++)
      if (particle[i].class == 0)
        {
        zdisp[j] = i;
        zblock[j] = 1;
        j++;
        }

    /* create datatype for class zero particles */
    MPI_Type_indexed( j, zblock, zdisp, Particletype, &Zparticles);

    /* prepend particle count */
    MPI_Address(&j, zzdisp);  /* expect: deprecated-api */
    MPI_Address(particle, zzdisp+1);  /* expect: deprecated-api */
    zztype[0] = MPI_INT;
    zztype[1] = Zparticles;
    MPI_Type_struct(2, zzblock, zzdisp, zztype, &Ztype);  /* expect: deprecated-api */

    MPI_Type_commit( &Ztype);
    MPI_Irecv( packbuf, sizeof packbuf, MPI_PACKED, rank, tag, comm, &req);
    MPI_Send( MPI_BOTTOM, 1, Ztype, dest, tag, comm);
    MPI_Wait( &req, MPI_STATUS_IGNORE);
    MPI_Type_free( &Zparticles);

    /* A probably more efficient way of defining Zparticles */

    /* consecutive particles with index zero are handled as one block
       (the standard's text tests particle[i].index; the member is class) */
    j=0;
    for (i=0; i < 1000; i++)
      if (particle[i].class == 0)
        {
        for (k=i+1; (k < 1000)&&(particle[k].class == 0) ; k++);
        zdisp[j] = i;
        zblock[j] = k-i;
        j++;
        i = k;
        }
    MPI_Type_indexed( j, zblock, zdisp, Particletype1, &Zparticles);
    MPI_Type_commit( &Zparticles);
    MPI_Irecv( scratch, 1, Zparticles, rank, tag, comm, &req);
    MPI_Send( particle, 1, Zparticles, dest, tag, comm);
    MPI_Wait( &req, MPI_STATUS_IGNORE);
    MPI_Type_free( &Zparticles);

    /* 4.3:
       send the first two coordinates of all entries */

    MPI_Datatype Allpairs;      /* datatype for all pairs of coordinates */

    MPI_Aint sizeofentry;

    MPI_Type_extent( Particletype, &sizeofentry);  /* expect: deprecated-api */

    /* sizeofentry can also be computed by subtracting the address
       of particle[0] from the address of particle[1] */

    MPI_Type_hvector( 1000, 2, sizeofentry, MPI_DOUBLE, &Allpairs);  /* expect: deprecated-api */
    MPI_Type_commit( &Allpairs);
    MPI_Irecv( scratch[0].d, 1, Allpairs, rank, tag, comm, &req);
    MPI_Send( particle[0].d, 1, Allpairs, dest, tag, comm);
    MPI_Wait( &req, MPI_STATUS_IGNORE);

    /* an alternative solution to 4.3 */

    MPI_Datatype Onepair;   /* datatype for one pair of coordinates, with
                              the extent of one particle entry */
    MPI_Aint     disp2[3];
    MPI_Datatype type2[3] = {MPI_LB, MPI_DOUBLE, MPI_UB};  /* expect: deprecated-api, deprecated-api */
    int          blocklen2[3] = {1, 2, 1};

    MPI_Address( particle, disp2);  /* expect: deprecated-api */
    MPI_Address( particle[0].d, disp2+1);  /* expect: deprecated-api */
    MPI_Address( particle+1, disp2+2);  /* expect: deprecated-api */
    base = disp2[0];
    for (i=0; i<3; i++) disp2[i] -= base;

    MPI_Type_struct( 3, blocklen2, disp2, type2, &Onepair);  /* expect: deprecated-api */
    MPI_Type_commit( &Onepair);
    MPI_Irecv( scratch[0].d, 1000, Onepair, rank, tag, comm, &req);
    MPI_Send( particle[0].d, 1000, Onepair, dest, tag, comm);
    MPI_Wait( &req, MPI_STATUS_IGNORE);

    MPI_Type_free( &Onepair);
    MPI_Type_free( &Allpairs);
    MPI_Type_free( &Ztype);
    MPI_Type_free( &Particletype1);
    MPI_Type_free( &Particletype);
    MPI_Finalize();
    return 0;
}
