/* A 3-D x-face (fixed i) built as an hvector of j-columns: a vector inside an hvector. */
#include <mpi.h>

#define NI 8
#define NJ 6
#define NK 4

int main(int argc, char **argv)
{
    MPI_Datatype jcol, xface;

    MPI_Init(&argc, &argv);
    /* a[k][j][i]: fixed i, all j (stride NI), then all k (stride NI * NJ doubles) */
    MPI_Type_vector(NJ, 1, NI, MPI_DOUBLE, &jcol);
    MPI_Type_create_hvector(NK, 1, (MPI_Aint)NI * NJ * sizeof(double), jcol, &xface);
    MPI_Type_free(&xface);
    MPI_Type_free(&jcol);
    MPI_Finalize();
    return 0;
}
