/* Only the positions of an array of particles: 3 doubles resized to the particle's size. */
#include <mpi.h>
#include <stddef.h>

struct particle { long id; double pos[3]; double vel[3]; float charge; };

int main(int argc, char **argv)
{
    MPI_Datatype pos3, pos_stride;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hindexed_block(1, 3, (MPI_Aint[]){offsetof(struct particle, pos)},
                                   MPI_DOUBLE, &pos3);
    MPI_Type_create_resized(pos3, 0, sizeof(struct particle), &pos_stride);
    MPI_Type_free(&pos_stride);
    MPI_Type_free(&pos3);
    MPI_Finalize();
    return 0;
}
