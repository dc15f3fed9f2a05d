/* A configuration record copied whole with memcpy keeps its values; a copy of part of an
   array, or onto an array of another type, leaves the destination unknown. */
#include <mpi.h>
#include <string.h>

struct grid {
    int nx, ny;
    MPI_Aint halo;
};

int main(int argc, char **argv)
{
    struct grid g = {6, 4, 16}, copy;
    int lens[4] = {1, 2, 3, 4}, some[4] = {9, 9, 9, 9};
    long wide[2];
    MPI_Datatype row, blocks, pairs;

    MPI_Init(&argc, &argv);
    memcpy(&copy, &g, sizeof copy);
    MPI_Type_vector(copy.ny, copy.nx, copy.nx + 2, MPI_FLOAT, &row);
    memmove(some, lens, 2 * sizeof(int));
    MPI_Type_contiguous(some[3], MPI_INT, &blocks);  /* unknown: memmove copied part of the
       array, which is forgotten whole */
    memcpy(wide, lens, sizeof wide);
    MPI_Type_contiguous((int)wide[0], MPI_INT, &pairs);  /* unknown: the bytes of two ints read
       as a long */
    MPI_Type_free(&row);
    MPI_Type_free(&blocks);
    MPI_Type_free(&pairs);
    MPI_Finalize();
    return 0;
}
