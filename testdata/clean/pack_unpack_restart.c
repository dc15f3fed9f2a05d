/*
 * Restart buffer: a header struct and a strided field are packed into one
 * byte buffer sized with MPI_Pack_size, broadcast as MPI_PACKED, and
 * unpacked with the same datatypes.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 32
#define NY 16

struct hdr {
    int    step;
    int    nfields;
    double time;
};

static struct hdr h;
static double     field[NY][NX];

int main(int argc, char **argv)
{
    int          rank, s1, s2, bufsize, pos = 0;
    MPI_Datatype hdrtype, evencols;
    int          bl[2]    = {2, 1};
    MPI_Aint     disp[2]  = {offsetof(struct hdr, step), offsetof(struct hdr, time)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    char        *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_struct(2, bl, disp, types, &hdrtype);
    MPI_Type_commit(&hdrtype);
    MPI_Type_vector(NY * NX / 2, 1, 2, MPI_DOUBLE, &evencols);
    MPI_Type_commit(&evencols);

    MPI_Pack_size(1, hdrtype, MPI_COMM_WORLD, &s1);
    MPI_Pack_size(1, evencols, MPI_COMM_WORLD, &s2);
    bufsize = s1 + s2;
    buf = malloc((size_t)bufsize);

    if (rank == 0) {
        h.step = 500;
        h.nfields = 1;
        h.time = 5.0;
        for (int j = 0; j < NY; j++)
            for (int i = 0; i < NX; i++)
                field[j][i] = j + 0.01 * i;
        MPI_Pack(&h, 1, hdrtype, buf, bufsize, &pos, MPI_COMM_WORLD);
        MPI_Pack(field, 1, evencols, buf, bufsize, &pos, MPI_COMM_WORLD);
    }
    MPI_Bcast(&pos, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(buf, pos, MPI_PACKED, 0, MPI_COMM_WORLD);
    if (rank != 0) {
        pos = 0;
        MPI_Unpack(buf, bufsize, &pos, &h, 1, hdrtype, MPI_COMM_WORLD);
        MPI_Unpack(buf, bufsize, &pos, field, 1, evencols, MPI_COMM_WORLD);
    }
    printf("[%d] step %d t=%g\n", rank, h.step, h.time);

    free(buf);
    MPI_Type_free(&evencols);
    MPI_Type_free(&hdrtype);
    MPI_Finalize();
    return 0;
}
