/* A struct type combining two derived struct types: a header then an array of payloads. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          hl[2] = {1, 1}, pl[1] = {3}, ml[2] = {1, 4};
    MPI_Aint     hd[2] = {0, 8}, pd[1] = {0}, md[2] = {0, 16};
    MPI_Datatype ht[2] = {MPI_LONG, MPI_INT}, pt[1] = {MPI_FLOAT}, header, payload, msg;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, hl, hd, ht, &header);
    MPI_Type_create_struct(1, pl, pd, pt, &payload);
    MPI_Type_create_struct(2, ml, md, (MPI_Datatype[]){header, payload}, &msg);
    MPI_Type_free(&msg);
    MPI_Type_free(&payload);
    MPI_Type_free(&header);
    MPI_Finalize();
    return 0;
}
