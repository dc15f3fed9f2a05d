/* A ceiling division written with floats, as block sizes often are: ceil(N / P) via +0.999. */
#include <mpi.h>

#define NGLOBAL 50
#define NPARTS  8

int main(int argc, char **argv)
{
    int          per_part = (int)((double)NGLOBAL / NPARTS + 0.999);
    float        f = 1.5f;
    MPI_Datatype block;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(per_part, (int)(f * 2), 4, MPI_INT, &block);  /* unknown: float arithmetic
       ((int)(f * 2) with a float f) is not evaluated, only double arithmetic is (issue 19) */
    MPI_Type_free(&block);
    MPI_Finalize();
    return 0;
}
