/* A switch on a known precision selects the element type and its count. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          precision = 2, count = 0;
    MPI_Datatype elem = MPI_DATATYPE_NULL, vec;

    MPI_Init(&argc, &argv);
    switch (precision) {
    case 1:
        elem = MPI_FLOAT;
        count = 8;
        break;
    case 2:
        elem = MPI_DOUBLE;
        count = 4;
        break;
    default:
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Type_contiguous(count, elem, &vec);
    MPI_Type_free(&vec);
    MPI_Finalize();
    return 0;
}
