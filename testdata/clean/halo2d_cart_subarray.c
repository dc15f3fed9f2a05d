/*
 * 2-D domain decomposition on a Cartesian communicator: the four ghost
 * strips and the four boundary strips of the local block are subarray types
 * created once, committed, and used in every exchange.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 40
#define NY 30

static double u[NY + 2][NX + 2];

enum { SOUTH, NORTH, WEST, EAST };

int main(int argc, char **argv)
{
    int          size, rank, dims[2] = {0, 0}, periods[2] = {1, 1};
    int          nbr[4];
    MPI_Comm     cart;
    MPI_Datatype send_t[4], recv_t[4];
    int          sizes[2] = {NY + 2, NX + 2};
    int          row_sub[2] = {1, NX}, col_sub[2] = {NY, 1};
    int          send_start[4][2] = {{1, 1}, {NY, 1}, {1, 1}, {1, NX}};
    int          recv_start[4][2] = {{0, 1}, {NY + 1, 1}, {1, 0}, {1, NX + 1}};

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_shift(cart, 0, 1, &nbr[SOUTH], &nbr[NORTH]);
    MPI_Cart_shift(cart, 1, 1, &nbr[WEST], &nbr[EAST]);

    for (int d = 0; d < 4; d++) {
        int *sub = d < 2 ? row_sub : col_sub;
        MPI_Type_create_subarray(2, sizes, sub, send_start[d], MPI_ORDER_C, MPI_DOUBLE, &send_t[d]);
        MPI_Type_create_subarray(2, sizes, sub, recv_start[d], MPI_ORDER_C, MPI_DOUBLE, &recv_t[d]);
        MPI_Type_commit(&send_t[d]);
        MPI_Type_commit(&recv_t[d]);
    }

    for (int j = 0; j < NY + 2; j++)
        for (int i = 0; i < NX + 2; i++)
            u[j][i] = rank;

    for (int it = 0; it < 4; it++) {
        /* send to SOUTH, receive from NORTH, and so on */
        MPI_Sendrecv(u, 1, send_t[SOUTH], nbr[SOUTH], 0, u, 1, recv_t[NORTH], nbr[NORTH], 0, cart, MPI_STATUS_IGNORE);
        MPI_Sendrecv(u, 1, send_t[NORTH], nbr[NORTH], 1, u, 1, recv_t[SOUTH], nbr[SOUTH], 1, cart, MPI_STATUS_IGNORE);
        MPI_Sendrecv(u, 1, send_t[WEST], nbr[WEST], 2, u, 1, recv_t[EAST], nbr[EAST], 2, cart, MPI_STATUS_IGNORE);
        MPI_Sendrecv(u, 1, send_t[EAST], nbr[EAST], 3, u, 1, recv_t[WEST], nbr[WEST], 3, cart, MPI_STATUS_IGNORE);
    }
    printf("[%d] ghost %g\n", rank, u[0][1]);

    for (int d = 0; d < 4; d++) {
        MPI_Type_free(&send_t[d]);
        MPI_Type_free(&recv_t[d]);
    }
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
