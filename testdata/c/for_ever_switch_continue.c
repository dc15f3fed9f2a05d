/* A `for (;;)` option loop over argv with switch and continue, as getopt_long loops are. */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    int          i = 0, nblock = 3;
    MPI_Datatype fixed;

    MPI_Init(&argc, &argv);
    for (;;) {
        if (++i >= argc)
            break;
        switch (argv[i][0] == '-' ? argv[i][1] : 0) {
        case 'q': continue;
        case 'b': nblock = (int)strlen(argv[i]); continue;
        default: break;
        }
    }
    MPI_Type_vector(2, 4, 8, MPI_INT, &fixed);
    MPI_Type_free(&fixed);
    MPI_Finalize();
    return nblock == 0;
}
