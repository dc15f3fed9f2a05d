/* A struct with `bool` flags (stdbool.h) described with MPI_C_BOOL. */
#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>

struct status { bool converged; bool dirty; double residual; };

int main(int argc, char **argv)
{
    int          lens[2] = {2, 1};
    MPI_Aint     disps[2] = {offsetof(struct status, converged), offsetof(struct status, residual)};
    MPI_Datatype types[2] = {MPI_C_BOOL, MPI_DOUBLE}, t, t_r;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_create_resized(t, 0, sizeof(struct status), &t_r);
    MPI_Type_free(&t_r);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
