/*
 * One call, three datatypes: each pass of the loop resizes to another lb.  The call is listed
 * once, so its lb is not one value; the values every pass gives alike (size, extent, true
 * bounds) are known.
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          pass;
    MPI_Datatype window;

    MPI_Init(&argc, &argv);
    for (pass = 0; pass < 3; pass++) {
        MPI_Type_create_resized(MPI_INT, -4 * pass, 16, &window);  /* unknown: the lb differs
           between the passes of the loop, and the call is listed once */
        MPI_Type_free(&window);
    }
    MPI_Finalize();
    return 0;
}
