/* 2-D halo of width 1: east/west columns as a vector, north/south rows as contiguous. */
#include <mpi.h>

#define NX 10
#define NY 6

int main(int argc, char **argv)
{
    double       u[NY + 2][NX + 2];
    MPI_Datatype column, row;

    MPI_Init(&argc, &argv);
    u[0][0] = 0.0;
    MPI_Type_vector(NY, 1, NX + 2, MPI_DOUBLE, &column);
    MPI_Type_contiguous(NX, MPI_DOUBLE, &row);
    MPI_Type_commit(&column);
    MPI_Type_commit(&row);
    MPI_Sendrecv(&u[1][NX], 1, column, 0, 0, &u[1][0], 1, column, 0, 0, MPI_COMM_SELF,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[NY][1], 1, row, 0, 1, &u[0][1], 1, row, 0, 1, MPI_COMM_SELF,
                 MPI_STATUS_IGNORE);
    MPI_Type_free(&row);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
