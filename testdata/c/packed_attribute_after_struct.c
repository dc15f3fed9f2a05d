/* The packed attribute written after the closing brace of a typedef'd struct. */
#include <mpi.h>

typedef struct { int a; char b; long c; } __attribute__((packed)) record_t;

int main(int argc, char **argv)
{
    record_t     recs[4];
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    recs[0].a = 0;
    MPI_Type_contiguous(sizeof recs, MPI_BYTE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return recs[0].a;
}
