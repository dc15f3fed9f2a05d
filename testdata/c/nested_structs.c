/*
 * Element records with nested structures: a vec3 type and a material type
 * are built first and reused as members of the element type.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct { double x, y, z; } vec3;

typedef struct {
    int    id;
    float  density;
    float  youngs;
} material;

typedef struct {
    long     gid;
    vec3     centroid;
    vec3     normal;
    material mat;
    int      nodes[8];
} element;

#define NELEM 128

static element elems[NELEM], copy[NELEM];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype vec3_t, mat_t, mat_tmp, elem_tmp, elem_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* vec3: three contiguous doubles */
    MPI_Type_contiguous(3, MPI_DOUBLE, &vec3_t);

    /* material */
    {
        int          bl[2] = {1, 2};
        MPI_Aint     dp[2] = {offsetof(material, id), offsetof(material, density)};
        MPI_Datatype ty[2] = {MPI_INT, MPI_FLOAT};
        MPI_Type_create_struct(2, bl, dp, ty, &mat_tmp);
        MPI_Type_create_resized(mat_tmp, 0, sizeof(material), &mat_t);
        MPI_Type_free(&mat_tmp);
    }

    /* element, with the nested types as members */
    {
        int          bl[4] = {1, 2, 1, 8};
        MPI_Aint     dp[4] = {offsetof(element, gid), offsetof(element, centroid),
                              offsetof(element, mat), offsetof(element, nodes)};
        MPI_Datatype ty[4] = {MPI_LONG, vec3_t, mat_t, MPI_INT};
        MPI_Type_create_struct(4, bl, dp, ty, &elem_tmp);
        MPI_Type_create_resized(elem_tmp, 0, sizeof(element), &elem_t);
        MPI_Type_free(&elem_tmp);
    }
    MPI_Type_commit(&elem_t);

    for (int e = 0; e < NELEM; e++) {
        elems[e].gid = e;
        elems[e].centroid = (vec3){e, e + 1, e + 2};
        elems[e].normal = (vec3){0, 0, 1};
        elems[e].mat.id = e % 3;
        elems[e].mat.density = 7.8f;
        elems[e].mat.youngs = 210.0f;
        for (int k = 0; k < 8; k++)
            elems[e].nodes[k] = 8 * e + k;
    }
    memset(copy, 0, sizeof copy);

    MPI_Sendrecv(elems, NELEM, elem_t, rank, 0, copy, NELEM, elem_t, rank, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (copy[NELEM - 1].nodes[7] != elems[NELEM - 1].nodes[7] ||
        copy[NELEM - 1].normal.z != 1.0 || copy[5].mat.youngs != 210.0f) {
        fprintf(stderr, "element exchange failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&elem_t);
    MPI_Type_free(&mat_t);
    MPI_Type_free(&vec3_t);
    MPI_Finalize();
    return 0;
}
