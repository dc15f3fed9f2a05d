/* A double assigned to an int variable (implicit truncation): `int n = 7.9;` is 7. */
#include <mpi.h>

int main(int argc, char **argv)
{
    double       ratio = 2.6;
    int          n = 7.9;
    int          stride = ratio * 5;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(n, 1, stride, MPI_INT, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
