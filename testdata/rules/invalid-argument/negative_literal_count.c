/*
 * invalid-argument: a count written as a negative literal.  tree-sitter-c folds
 * the sign into the literal (`-1` is one token), so the value must be read
 * with its sign, as in the rule's documentation example.
 */
#include <mpi.h>
#include <stdio.h>

#define NO_BLOCKS -1

static int field[16];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype every_other, none;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 16; i++)
        field[i] = i;

    MPI_Type_vector(-1, 1, 2, MPI_INT, &every_other); /* expect: invalid-argument */
    MPI_Type_contiguous(NO_BLOCKS, MPI_INT, &none); /* expect: invalid-argument */
    MPI_Type_commit(&every_other);
    MPI_Type_commit(&none);
    MPI_Bcast(field, 1, every_other, 0, MPI_COMM_WORLD);
    MPI_Bcast(field, 1, none, 0, MPI_COMM_WORLD);
    printf("[%d] %d\n", rank, field[2]);

    MPI_Type_free(&every_other);
    MPI_Type_free(&none);
    MPI_Finalize();
    return 0;
}
