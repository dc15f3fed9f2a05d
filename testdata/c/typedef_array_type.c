/* A typedef of an array type, `typedef double vec3[3]`, in sizeof and as a member. */
#include <mpi.h>

typedef double vec3[3];

struct frame { vec3 pos, vel; int id; };

int main(int argc, char **argv)
{
    MPI_Datatype v3, frames;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(sizeof(vec3) / sizeof(double), MPI_DOUBLE, &v3);
    MPI_Type_create_hvector(4, 2, sizeof(struct frame), v3, &frames);
    MPI_Type_free(&frames);
    MPI_Type_free(&v3);
    MPI_Finalize();
    return 0;
}
