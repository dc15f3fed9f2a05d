/* The struct and its sizes come from a project header included with quotes. */
#include <mpi.h>
#include <stddef.h>
#include "particle_record_header.h"

int main(int argc, char **argv)
{
    int          lens[3] = {3, NSPECIES, 1};
    MPI_Aint     disps[3] = {offsetof(particle_record_t, pos), offsetof(particle_record_t, weight),
                             offsetof(particle_record_t, cell)};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_FLOAT, MPI_INT}, rec, rec_r;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, lens, disps, types, &rec);
    MPI_Type_create_resized(rec, 0, sizeof(particle_record_t), &rec_r);
    MPI_Type_free(&rec_r);
    MPI_Type_free(&rec);
    MPI_Finalize();
    return 0;
}
