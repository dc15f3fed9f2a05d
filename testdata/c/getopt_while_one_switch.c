/* A getopt loop, `while (1)` with a switch and `continue`, before the types are built. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int          n = 16, verbose = 0;
    MPI_Datatype fixed, chosen;

    MPI_Init(&argc, &argv);
    while (1) {
        int c = getopt(argc, argv, "n:v");
        if (c == -1)
            break;
        switch (c) {
        case 'n': n = atoi(optarg); continue;
        case 'v': verbose++; continue;
        default: break;
        }
        break;
    }
    if (verbose)
        printf("n = %d\n", n);
    MPI_Type_contiguous(4, MPI_DOUBLE, &fixed);
    MPI_Type_contiguous(n, MPI_DOUBLE, &chosen);  /* unknowable: n is read from the command line
       (getopt, atoi) */
    MPI_Type_free(&chosen);
    MPI_Type_free(&fixed);
    MPI_Finalize();
    return 0;
}
