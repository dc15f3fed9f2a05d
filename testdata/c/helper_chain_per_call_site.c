/* A library-style wrapper called through another helper, from a loop and from two places with
   other shapes: each chain of calls builds its own type. */
#include <mpi.h>

static void make_block(int rows, int cols, int ld, MPI_Datatype *t)
{
    MPI_Datatype row;
    MPI_Type_vector(rows, cols, ld, MPI_DOUBLE, &row);  /* unknown: the loop's three calls are
       one chain of calls (line 30, then 17) with three shapes; the other two chains are known */
    MPI_Type_create_resized(row, 0, (MPI_Aint)(cols * sizeof(double)), t);  /* unknown: as
       above */
    MPI_Type_free(&row);
    MPI_Type_commit(t);
}

static void make_halo(int n, MPI_Datatype *edge)
{
    make_block(n, 1, n + 2, edge);
}

int main(int argc, char **argv)
{
    MPI_Datatype west, wide, halo[3];
    int i;

    MPI_Init(&argc, &argv);
    make_halo(6, &west);
    make_block(3, 4, 10, &wide);
    for (i = 0; i < 3; i++)
        make_halo(2 * i + 1, &halo[i]);
    for (i = 0; i < 3; i++)
        MPI_Type_free(&halo[i]);
    MPI_Type_free(&west);
    MPI_Type_free(&wide);
    MPI_Finalize();
    return 0;
}
