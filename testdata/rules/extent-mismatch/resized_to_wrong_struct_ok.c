/*
 * extent-mismatch, corrected twin of resized_to_wrong_struct.c: the face type
 * is resized to sizeof(struct face).
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NFACES 120

struct edge {
    int    id;
    int    v[2];
    double length;
};

struct face {
    int    id;
    int    cells[2];
    double area;
    double normal[3];
};

static struct face faces[NFACES];
static struct face recvd[NFACES];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype tmp, facetype;
    int          bl[3]    = {1, 2, 1};
    MPI_Aint     disp[3]  = {offsetof(struct face, id), offsetof(struct face, cells),
                             offsetof(struct face, area)};
    MPI_Datatype types[3] = {MPI_INT, MPI_INT, MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NFACES; i++) {
        faces[i].id = i;
        faces[i].cells[0] = i;
        faces[i].cells[1] = i + 1;
        faces[i].area = 1.0 / (i + 1);
    }

    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct face), &facetype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&facetype);

    if (rank == 0) {
        MPI_Send(faces, NFACES, facetype, 1, 11, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(recvd, NFACES, facetype, 0, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("[%d] face 3 area %g\n", rank, recvd[3].area);
    }

    MPI_Type_free(&facetype);
    MPI_Finalize();
    return 0;
}
