/* Many records at once: contiguous of a struct type resized to sizeof the record. */
#include <mpi.h>
#include <stddef.h>

typedef struct { int key; double value; char flag; } rec_t;

int main(int argc, char **argv)
{
    int          lens[3] = {1, 1, 1};
    MPI_Aint     disps[3] = {offsetof(rec_t, key), offsetof(rec_t, value), offsetof(rec_t, flag)};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, rec, rec_r, many;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, lens, disps, types, &rec);
    MPI_Type_create_resized(rec, 0, sizeof(rec_t), &rec_r);
    MPI_Type_contiguous(32, rec_r, &many);
    MPI_Type_free(&many);
    MPI_Type_free(&rec_r);
    MPI_Type_free(&rec);
    MPI_Finalize();
    return 0;
}
