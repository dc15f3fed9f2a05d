/*
 * Several unrelated variables sent in one message: a struct type whose
 * displacements are absolute addresses (MPI_Get_address, no base), used with
 * MPI_BOTTOM as the buffer.
 */
#include <mpi.h>
#include <stdio.h>

#define NT 20

static int    nsteps;
static double dt;
static double temps[NT];
static char   label[16] = "run-42";

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype msg;
    int          bl[4] = {1, 1, NT, 16};
    MPI_Aint     addr[4];
    MPI_Datatype types[4] = {MPI_INT, MPI_DOUBLE, MPI_DOUBLE, MPI_CHAR};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        nsteps = 1000;
        dt = 1e-3;
        for (int i = 0; i < NT; i++)
            temps[i] = 300.0 + i;
    }

    MPI_Get_address(&nsteps, &addr[0]);
    MPI_Get_address(&dt, &addr[1]);
    MPI_Get_address(temps, &addr[2]);
    MPI_Get_address(label, &addr[3]);
    MPI_Type_create_struct(4, bl, addr, types, &msg);
    MPI_Type_commit(&msg);

    MPI_Bcast(MPI_BOTTOM, 1, msg, 0, MPI_COMM_WORLD);
    printf("[%d] %s: %d steps of %g\n", rank, label, nsteps, dt);

    MPI_Type_free(&msg);
    MPI_Finalize();
    return 0;
}
