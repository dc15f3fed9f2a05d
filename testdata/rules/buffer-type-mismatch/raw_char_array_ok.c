/*
 * Not a finding: a char array is raw storage.  The program builds its
 * records in a byte buffer and sends them with the datatype that describes
 * them; the buffer's declared type says nothing about what it holds.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct record {
    double weight;
    int    id;
};

#define NREC 4

int main(int argc, char **argv)
{
    int           rank;
    char          wire[NREC * sizeof(struct record)];
    struct record r;
    int           lengths[2] = {1, 1};
    MPI_Aint      displs[2] = {offsetof(struct record, weight), offsetof(struct record, id)};
    MPI_Datatype  types[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Datatype  pair, record_type;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NREC; i++) {
        r.weight = 0.5 * i;
        r.id = i;
        memcpy(wire + i * sizeof(struct record), &r, sizeof r);
    }
    MPI_Type_create_struct(2, lengths, displs, types, &pair);
    MPI_Type_create_resized(pair, 0, sizeof(struct record), &record_type);
    MPI_Type_commit(&record_type);
    MPI_Bcast(wire, NREC, record_type, 0, MPI_COMM_WORLD);
    memcpy(&r, wire + (NREC - 1) * sizeof(struct record), sizeof r);
    printf("[%d] %g %d\n", rank, r.weight, r.id);
    MPI_Type_free(&record_type);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
