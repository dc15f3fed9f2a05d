/* `err = f(); ERR` with no `;` after the macro, followed by an array declaration that a
 * constructor reads. */
#include <mpi.h>
#include <stdio.h>

#define ERR if (err != MPI_SUCCESS) { printf("MPI error %d\n", err); nerr++; }

int main(int argc, char **argv)
{
    int          err, nerr = 0;
    MPI_Datatype strided;

    MPI_Init(&argc, &argv);
    err = MPI_Barrier(MPI_COMM_WORLD); ERR
    int lens[3] = {1, 2, 3};
    int disps[3] = {0, 5, 10};
    err = MPI_Type_indexed(3, lens, disps, MPI_DOUBLE, &strided); ERR
    MPI_Type_free(&strided);
    MPI_Finalize();
    return nerr;
}
