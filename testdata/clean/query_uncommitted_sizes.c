/*
 * Sizing a pack buffer: MPI_Type_size, MPI_Type_get_extent and
 * MPI_Type_get_true_extent are queries and work on types that are not
 * committed yet.  The type is committed before it is used to pack.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 20
#define NY 10

static float g[NY][NX];

int main(int argc, char **argv)
{
    int          rank, tsize, packsize, position = 0;
    MPI_Aint     lb, extent, tlb, textent;
    MPI_Datatype every_other_col;
    char        *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
            g[j][i] = (float)(j * NX + i);

    MPI_Type_vector(NY * NX / 2, 1, 2, MPI_FLOAT, &every_other_col);
    MPI_Type_size(every_other_col, &tsize);
    MPI_Type_get_extent(every_other_col, &lb, &extent);
    MPI_Type_get_true_extent(every_other_col, &tlb, &textent);
    printf("[%d] size %d extent %ld true extent %ld\n", rank, tsize, (long)extent, (long)textent);

    MPI_Type_commit(&every_other_col);
    MPI_Pack_size(1, every_other_col, MPI_COMM_WORLD, &packsize);
    buf = malloc((size_t)packsize);
    MPI_Pack(g, 1, every_other_col, buf, packsize, &position, MPI_COMM_WORLD);
    printf("[%d] packed %d of %d bytes\n", rank, position, packsize);

    free(buf);
    MPI_Type_free(&every_other_col);
    MPI_Finalize();
    return 0;
}
