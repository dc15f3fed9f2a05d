/* A COUNTOF macro over a local array gives the number of blocks of an indexed type. */
#include <mpi.h>

#define COUNTOF(a) ((int)(sizeof(a) / sizeof((a)[0])))

int main(int argc, char **argv)
{
    int          offsets[] = {0, 4, 9, 15, 22};
    MPI_Datatype singles;

    MPI_Init(&argc, &argv);
    MPI_Type_create_indexed_block(COUNTOF(offsets), 1, offsets, MPI_FLOAT, &singles);
    MPI_Type_free(&singles);
    MPI_Finalize();
    return 0;
}
