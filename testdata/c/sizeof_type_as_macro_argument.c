/* A type name passed to a function-like macro that takes its sizeof: BYTES(T, n). */
#include <mpi.h>

#define BYTES(T, n) ((n) * (int)sizeof(T))

typedef struct {
    short  a;
    double b;
} pair_t;

int main(int argc, char **argv)
{
    MPI_Datatype raw, pairs;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(BYTES(long double, 3), MPI_BYTE, &raw);
    MPI_Type_contiguous(BYTES(pair_t, 2), MPI_BYTE, &pairs);
    MPI_Type_free(&pairs);
    MPI_Type_free(&raw);
    MPI_Finalize();
    return 0;
}
