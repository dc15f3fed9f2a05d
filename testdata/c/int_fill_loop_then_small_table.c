/* A million-int buffer filled in three nested loops (as MPICH's slice_pack test fills its
   array), then a table of block lengths filled by a small loop: the fill is data, not a table
   of counts, and must not use up the evaluation of the code after it. The indexed type has
   blocks of 1, 2 and 3 ints at 0, 4 and 14 ints: size 24, extent 68. */
#include <mpi.h>

static int grid[100][100][100];

int main(int argc, char **argv)
{
    int          i, j, k;
    int          lengths[3], offsets[3];
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    for (i = 0; i < 100; i++)
        for (j = 0; j < 100; j++)
            for (k = 0; k < 100; k++)
                grid[i][j][k] = i * 10000 + j * 100 + k;
    for (i = 0; i < 3; i++) {
        lengths[i] = i + 1;
        offsets[i] = i * i * 3 + i;
    }
    MPI_Type_indexed(3, lengths, offsets, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
