/* Switch cases that fall through, adding one field size per case. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          ndims = 2, bytes = 0;
    MPI_Datatype point;

    MPI_Init(&argc, &argv);
    switch (ndims) {
    case 3:
        bytes += 8;
        /* fall through */
    case 2:
        bytes += 8;
        /* fall through */
    case 1:
        bytes += 8;
        break;
    }
    MPI_Type_contiguous(bytes, MPI_BYTE, &point);
    MPI_Type_free(&point);
    MPI_Finalize();
    return 0;
}
