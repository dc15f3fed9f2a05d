/* POSIX typedefs off_t, time_t and pid_t in a record sent as raw bytes. */
#include <mpi.h>
#include <sys/types.h>
#include <time.h>

struct filestamp { pid_t owner; off_t size; time_t mtime; };

int main(int argc, char **argv)
{
    MPI_Datatype rec, sizes;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(sizeof(struct filestamp), MPI_BYTE, &rec);
    MPI_Type_contiguous(sizeof(off_t) + sizeof(time_t) + sizeof(pid_t), MPI_BYTE, &sizes);
    MPI_Type_free(&sizes);
    MPI_Type_free(&rec);
    MPI_Finalize();
    return 0;
}
