/* Enumeration constants as counts: implicit successors and an explicit negative value. */
#include <mpi.h>

enum layout { BEHIND = -3, HERE, NEXT, NFIELDS = 5, NPLUS };

int main(int argc, char **argv)
{
    MPI_Datatype t, u;

    MPI_Init(&argc, &argv);
    MPI_Type_vector(NPLUS, NEXT + 4, BEHIND, MPI_INT, &t);
    MPI_Type_contiguous(NFIELDS - HERE, MPI_INT, &u);
    MPI_Type_free(&u);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
