/* String lengths as counts: strlen of a literal and of an initialised char array. */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv)
{
    char         name[32] = "density";
    MPI_Datatype lit, var;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(strlen("pressure"), MPI_CHAR, &lit);
    MPI_Type_contiguous(strlen(name) + 1, MPI_CHAR, &var);  /* unknown: strlen of a char array is
       not evaluated, only strlen of a literal is (issue 19) */
    MPI_Type_free(&var);
    MPI_Type_free(&lit);
    MPI_Finalize();
    return 0;
}
