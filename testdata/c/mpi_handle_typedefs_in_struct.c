/* MPI's own handles in a struct: MPI_Request and MPI_Comm are 4 bytes in MPICH, 8 in Open MPI. */
#include <mpi.h>
#include <stddef.h>

struct pending { MPI_Request req; MPI_Comm comm; int tag; };

int main(int argc, char **argv)
{
    MPI_Datatype tag_t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_resized(MPI_INT, offsetof(struct pending, tag), sizeof(struct pending),  /* unknown:
       MPI handle typedefs (MPI_Request, MPI_Comm) have no size in the model (issue 19) */
                            &tag_t);
    MPI_Type_free(&tag_t);
    MPI_Finalize();
    return 0;
}
