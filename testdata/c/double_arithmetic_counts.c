/* Counts computed in double precision and converted to int: a half-width halo, a fraction of
 * the rows, a rounded-down share. */
#include <mpi.h>

#define NX 10
#define FRACTION 0.25

int main(int argc, char **argv)
{
    int rows = NX * FRACTION + 1;
    double scale = 2.5;
    MPI_Datatype halo, part, share;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous((int)(NX * 0.5), MPI_DOUBLE, &halo);
    MPI_Type_vector(rows, 2, NX, MPI_DOUBLE, &part);
    MPI_Type_contiguous(NX / scale, MPI_INT, &share);
    MPI_Type_commit(&halo);
    MPI_Type_commit(&part);
    MPI_Type_commit(&share);
    MPI_Type_free(&halo);
    MPI_Type_free(&part);
    MPI_Type_free(&share);
    MPI_Finalize();
    return 0;
}
