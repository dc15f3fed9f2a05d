/*
   Example of decoding a datatype (MPI-2.2 Example 4.20).

   Returns 0 if the datatype is predefined, 1 otherwise
 */
#include <stdio.h>
#include <stdlib.h>
#include "mpi.h"

int printdatatype(MPI_Datatype datatype)
{
    int *array_of_ints;
    MPI_Aint *array_of_adds;
    MPI_Datatype *array_of_dtypes;
    int num_ints, num_adds, num_dtypes, combiner;
    int i;

    MPI_Type_get_envelope(datatype,
                          &num_ints, &num_adds, &num_dtypes, &combiner);
    switch (combiner) {
    case MPI_COMBINER_NAMED:
        printf("Datatype is named:");
        /* To print the specific type, we can match against the
           predefined forms. We can NOT use a switch statement here
           We could also use MPI_TYPE_GET_NAME if we prefered to use
           names that the user may have changed.
         */
        if (datatype == MPI_INT) printf("MPI_INT\n");
        else if (datatype == MPI_DOUBLE) printf("MPI_DOUBLE\n");
        else if (datatype == MPI_CHAR) printf("MPI_CHAR\n");
        else {
            char name[MPI_MAX_OBJECT_NAME];
            int len;
            MPI_Type_get_name(datatype, name, &len);
            printf("%s\n", name);
        }
        return 0;
        break;
    case MPI_COMBINER_STRUCT:
        printf("Datatype is struct containing");
        array_of_ints = (int *)malloc(num_ints * sizeof(int));
        array_of_adds =
            (MPI_Aint *) malloc(num_adds * sizeof(MPI_Aint));
        array_of_dtypes = (MPI_Datatype *)
            malloc(num_dtypes * sizeof(MPI_Datatype));
        MPI_Type_get_contents(datatype, num_ints, num_adds, num_dtypes,
                              array_of_ints, array_of_adds, array_of_dtypes);
        printf(" %d datatypes:\n", array_of_ints[0]);
        for (i = 0; i < array_of_ints[0]; i++) {
            printf("blocklength %d, displacement %ld, type:\n",
                   array_of_ints[i + 1], (long) array_of_adds[i]);
            if (printdatatype(array_of_dtypes[i])) {
                /* Note that we free the type ONLY if it
                   is not predefined */
                MPI_Type_free(&array_of_dtypes[i]);
            }
        }
        free(array_of_ints);
        free(array_of_adds);
        free(array_of_dtypes);
        break;
    default:
        printf("Type combiner %d not handled in this example\n", combiner);
    }

    return 1;
}

struct cell {
    int    id;
    double state[4];
    char   tag[3];
};

int main(int argc, char *argv[])
{
    struct cell c;
    MPI_Datatype celltype;
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    int blocklens[3] = {1, 4, 3};
    MPI_Aint displs[3], base;

    MPI_Init(&argc, &argv);

    MPI_Get_address(&c, &base);
    MPI_Get_address(&c.id, &displs[0]);
    MPI_Get_address(c.state, &displs[1]);
    MPI_Get_address(c.tag, &displs[2]);
    for (int k = 0; k < 3; k++)
        displs[k] -= base;
    MPI_Type_create_struct(3, blocklens, displs, types, &celltype);
    MPI_Type_commit(&celltype);

    printdatatype(celltype);
    printdatatype(MPI_DOUBLE);

    MPI_Type_free(&celltype);
    MPI_Finalize();
    return 0;
}
