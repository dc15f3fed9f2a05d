/* The three lower ghost faces of a 3-D block with halo 2, one subarray per axis, unrolled. */
#include <mpi.h>

#define H 2

int main(int argc, char **argv)
{
    int          full[3] = {8 + 2 * H, 7 + 2 * H, 6 + 2 * H};
    int          zf[3] = {H, 7, 6}, yf[3] = {8, H, 6}, xf[3] = {8, 7, H};
    int          at_z[3] = {0, H, H}, at_y[3] = {H, 0, H}, at_x[3] = {H, H, 0};
    MPI_Datatype zface, yface, xface;

    MPI_Init(&argc, &argv);
    MPI_Type_create_subarray(3, full, zf, at_z, MPI_ORDER_C, MPI_FLOAT, &zface);
    MPI_Type_create_subarray(3, full, yf, at_y, MPI_ORDER_C, MPI_FLOAT, &yface);
    MPI_Type_create_subarray(3, full, xf, at_x, MPI_ORDER_C, MPI_FLOAT, &xface);
    MPI_Type_free(&xface);
    MPI_Type_free(&yface);
    MPI_Type_free(&zface);
    MPI_Finalize();
    return 0;
}
