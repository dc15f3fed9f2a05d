/*
 * MPI-2.2 Example 4.20: decoding a datatype with MPI_Type_get_envelope and
 * MPI_Type_get_contents.  Types returned by get_contents are freed only when
 * they are not predefined (combiner != MPI_COMBINER_NAMED).
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static int printdatatype(MPI_Datatype datatype, int depth)
{
    int          *ints;
    MPI_Aint     *adds;
    MPI_Datatype *types;
    int           nints, nadds, ntypes, combiner;

    MPI_Type_get_envelope(datatype, &nints, &nadds, &ntypes, &combiner);
    if (combiner == MPI_COMBINER_NAMED) {
        char name[MPI_MAX_OBJECT_NAME];
        int  len;
        MPI_Type_get_name(datatype, name, &len);
        printf("%*s%s\n", 2 * depth, "", name);
        return 0;
    }
    ints  = malloc((size_t)(nints + 1) * sizeof(int));
    adds  = malloc((size_t)(nadds + 1) * sizeof(MPI_Aint));
    types = malloc((size_t)(ntypes + 1) * sizeof(MPI_Datatype));
    MPI_Type_get_contents(datatype, nints, nadds, ntypes, ints, adds, types);
    printf("%*scombiner %d with %d type(s)\n", 2 * depth, "", combiner, ntypes);
    for (int i = 0; i < ntypes; i++) {
        if (printdatatype(types[i], depth + 1))
            MPI_Type_free(&types[i]);   /* only derived types are freed */
    }
    free(ints);
    free(adds);
    free(types);
    return 1;
}

struct rec {
    int    n;
    double v[4];
};

int main(int argc, char **argv)
{
    MPI_Datatype vec, rectype;
    int          bl[2]    = {1, 1};
    MPI_Aint     disp[2]  = {offsetof(struct rec, n), offsetof(struct rec, v)};
    MPI_Datatype types[2];

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(4, MPI_DOUBLE, &vec);
    types[0] = MPI_INT;
    types[1] = vec;
    MPI_Type_create_struct(2, bl, disp, types, &rectype);
    printdatatype(rectype, 0);

    MPI_Type_free(&rectype);
    MPI_Type_free(&vec);
    MPI_Finalize();
    return 0;
}
