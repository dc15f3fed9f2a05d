/* `typedef enum { ... } __attribute__((packed)) state_t;`: a one-byte enum in a record. */
#include <mpi.h>

typedef enum { IDLE, BUSY, DONE } __attribute__((packed)) state_t;

typedef struct { state_t s; char owner; short step; } task_t;

int main(int argc, char **argv)
{
    MPI_Datatype tasks;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(10 * sizeof(task_t), MPI_BYTE, &tasks);
    MPI_Type_free(&tasks);
    MPI_Finalize();
    return 0;
}
