/*
 * Writing an array of records to a shared file: each rank writes NREC
 * records at its own offset with MPI_File_write_at_all, the memory datatype
 * being the resized record type (the file is a plain stream of records).
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NREC 40

typedef struct {
    long   id;
    float  pos[3];
    float  vel[3];
    short  type;
} record_t;

static record_t recs[NREC];

int main(int argc, char **argv)
{
    int          rank, tsize;
    MPI_File     fh;
    MPI_Offset   off;
    MPI_Datatype tmp, rectype;
    int          bl[3]    = {1, 6, 1};
    MPI_Aint     disp[3]  = {offsetof(record_t, id), offsetof(record_t, pos), offsetof(record_t, type)};
    MPI_Datatype types[3] = {MPI_LONG, MPI_FLOAT, MPI_SHORT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < NREC; i++) {
        recs[i].id = (long)rank * NREC + i;
        for (int d = 0; d < 3; d++) {
            recs[i].pos[d] = (float)i;
            recs[i].vel[d] = 0.0f;
        }
        recs[i].type = 1;
    }

    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(record_t), &rectype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&rectype);
    MPI_Type_size(rectype, &tsize);

    off = (MPI_Offset)rank * NREC * tsize;
    MPI_File_open(MPI_COMM_WORLD, "records.bin", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_File_write_at_all(fh, off, recs, NREC, rectype, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);

    MPI_Type_free(&rectype);
    MPI_Finalize();
    return 0;
}
