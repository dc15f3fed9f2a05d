/* The stride of an array of structs measured as `(char *)&a[1] - (char *)&a[0]`. */
#include <mpi.h>

typedef struct { float v[3]; char flag; } vertex_t;

int main(int argc, char **argv)
{
    vertex_t     verts[10];
    MPI_Datatype flags;

    MPI_Init(&argc, &argv);
    MPI_Type_create_hvector(10, 1, (char *)&verts[1] - (char *)&verts[0], MPI_CHAR, &flags);
    MPI_Type_free(&flags);
    MPI_Finalize();
    return 0;
}
