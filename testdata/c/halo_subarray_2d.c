/*
 * 2-D heat stencil, one ghost layer.  Halo regions are described with
 * MPI_Type_create_subarray on the full local array (ghosts included, C
 * order) and exchanged with the neighbours of a periodic Cartesian
 * communicator; on one process every neighbour is this process.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 32
#define NY 24
#define NG 1

enum { NORTH, SOUTH, WEST, EAST };

int main(int argc, char **argv)
{
    int      nprocs, rank, dims[2] = {0, 0}, periods[2] = {1, 1};
    int      nbr[4];
    MPI_Comm cart;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Dims_create(nprocs, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_shift(cart, 0, 1, &nbr[NORTH], &nbr[SOUTH]);
    MPI_Cart_shift(cart, 1, 1, &nbr[WEST], &nbr[EAST]);

    /* local block with ghost cells: rows 0 and NY+1, columns 0 and NX+1 */
    const int rows = NY + 2 * NG, cols = NX + 2 * NG;
    double (*u)[NX + 2 * NG] = malloc(sizeof(double[NY + 2 * NG][NX + 2 * NG]));
    for (int j = 0; j < rows; j++)
        for (int i = 0; i < cols; i++)
            u[j][i] = (j >= NG && j < NY + NG && i >= NG && i < NX + NG) ? 100.0 * j + i : -1.0;

    int sizes[2]  = {rows, cols};
    int rowsub[2] = {NG, NX};
    int colsub[2] = {NY, NG};
    int starts[2];

    /* send types (interior edge) and receive types (ghost layer) */
    MPI_Datatype send_t[4], recv_t[4];

    starts[0] = NG;       starts[1] = NG;
    MPI_Type_create_subarray(2, sizes, rowsub, starts, MPI_ORDER_C, MPI_DOUBLE, &send_t[NORTH]);
    starts[0] = NY;       starts[1] = NG;
    MPI_Type_create_subarray(2, sizes, rowsub, starts, MPI_ORDER_C, MPI_DOUBLE, &send_t[SOUTH]);
    starts[0] = NG;       starts[1] = NG;
    MPI_Type_create_subarray(2, sizes, colsub, starts, MPI_ORDER_C, MPI_DOUBLE, &send_t[WEST]);
    starts[0] = NG;       starts[1] = NX;
    MPI_Type_create_subarray(2, sizes, colsub, starts, MPI_ORDER_C, MPI_DOUBLE, &send_t[EAST]);

    starts[0] = 0;        starts[1] = NG;
    MPI_Type_create_subarray(2, sizes, rowsub, starts, MPI_ORDER_C, MPI_DOUBLE, &recv_t[NORTH]);
    starts[0] = NY + NG;  starts[1] = NG;
    MPI_Type_create_subarray(2, sizes, rowsub, starts, MPI_ORDER_C, MPI_DOUBLE, &recv_t[SOUTH]);
    starts[0] = NG;       starts[1] = 0;
    MPI_Type_create_subarray(2, sizes, colsub, starts, MPI_ORDER_C, MPI_DOUBLE, &recv_t[WEST]);
    starts[0] = NG;       starts[1] = NX + NG;
    MPI_Type_create_subarray(2, sizes, colsub, starts, MPI_ORDER_C, MPI_DOUBLE, &recv_t[EAST]);

    for (int d = 0; d < 4; d++) {
        MPI_Type_commit(&send_t[d]);
        MPI_Type_commit(&recv_t[d]);
    }

    /* my north edge goes to the north neighbour, whose south ghost row it fills */
    MPI_Sendrecv(u, 1, send_t[NORTH], nbr[NORTH], 0, u, 1, recv_t[SOUTH], nbr[SOUTH], 0,
                 cart, MPI_STATUS_IGNORE);
    MPI_Sendrecv(u, 1, send_t[SOUTH], nbr[SOUTH], 1, u, 1, recv_t[NORTH], nbr[NORTH], 1,
                 cart, MPI_STATUS_IGNORE);
    MPI_Sendrecv(u, 1, send_t[WEST], nbr[WEST], 2, u, 1, recv_t[EAST], nbr[EAST], 2,
                 cart, MPI_STATUS_IGNORE);
    MPI_Sendrecv(u, 1, send_t[EAST], nbr[EAST], 3, u, 1, recv_t[WEST], nbr[WEST], 3,
                 cart, MPI_STATUS_IGNORE);

    /* periodic on one process: ghost row 0 holds interior row NY */
    if (nprocs == 1 && (u[0][NG] != u[NY][NG] || u[NG][0] != u[NG][NX])) {
        fprintf(stderr, "halo exchange wrong\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    for (int d = 0; d < 4; d++) {
        MPI_Type_free(&send_t[d]);
        MPI_Type_free(&recv_t[d]);
    }
    free(u);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
