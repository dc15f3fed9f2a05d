/*
 * File-scope variables and a call the analysis does not follow (through a function
 * pointer, as into another file): the callee may assign any variable at file scope, so the
 * count after it is not the initializer's.  A constant cannot change; neither can a count
 * set again after the call.  The C library's functions (getenv) never call the program's.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int n = 4;
const int fixed = 3;
static int local_count = 2;

static void read_input(void)
{
    n = 6;
    local_count = 5;
}

static void (*setup)(void) = read_input;

int main(int argc, char **argv)
{
    MPI_Datatype before, after, constant, kept, reset;

    MPI_Init(&argc, &argv);
    if (getenv("GLOBAL_CHANGED_THROUGH_HOOK_UNSET") != NULL)
        printf("set\n");
    MPI_Type_contiguous(n, MPI_INT, &before);
    setup();
    MPI_Type_contiguous(n, MPI_INT, &after);  /* unknown: the call through setup, a pointer
       the analysis does not follow, assigns n */
    MPI_Type_contiguous(fixed, MPI_INT, &constant);
    MPI_Type_contiguous(local_count, MPI_INT, &kept);  /* unknown: the same call assigns the
       static local_count */
    n = 8;
    MPI_Type_contiguous(n, MPI_INT, &reset);
    printf("%d %d\n", n, local_count);
    MPI_Type_free(&before);
    MPI_Type_free(&after);
    MPI_Type_free(&constant);
    MPI_Type_free(&kept);
    MPI_Type_free(&reset);
    MPI_Finalize();
    return 0;
}
