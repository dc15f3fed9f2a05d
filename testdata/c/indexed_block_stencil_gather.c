/*
 * Gather the cells touched by a sparse stencil into a compact buffer.  The
 * cell lists are built in loops from function-like index macros; every cell
 * carries NVAR conserved variables, so MPI_Type_create_indexed_block takes
 * blocks of NVAR doubles.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NX   40
#define NY   30
#define NVAR 5
#define CELL(i, j)   ((j) * NX + (i))
#define VAR(c, v)    ((c) * NVAR + (v))
#define NSAMPLE      ((NX / 4) * (NY / 3))

int main(int argc, char **argv)
{
    int          rank, n = 0;
    int         *cells;
    double      *state, *packed;
    MPI_Datatype samples;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    state  = malloc(NX * NY * NVAR * sizeof(double));
    packed = malloc(NSAMPLE * NVAR * sizeof(double));
    cells  = malloc(NSAMPLE * sizeof(int));

    for (int c = 0; c < NX * NY; c++)
        for (int v = 0; v < NVAR; v++)
            state[VAR(c, v)] = c + 0.1 * v;

    /* every 4th cell in x, every 3rd in y; displacements in units of
       one double, so each block starts at the first variable of a cell */
    for (int j = 0; j < NY; j += 3)
        for (int i = 0; i < NX; i += 4)
            cells[n++] = VAR(CELL(i, j), 0);

    MPI_Type_create_indexed_block(n, NVAR, cells, MPI_DOUBLE, &samples);
    MPI_Type_commit(&samples);

    MPI_Sendrecv(state, 1, samples, rank, 7, packed, n * NVAR, MPI_DOUBLE, rank, 7,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    for (int s = 0; s < n; s++)
        if (packed[s * NVAR + NVAR - 1] != state[cells[s] + NVAR - 1]) {
            fprintf(stderr, "sample %d wrong\n", s);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }

    MPI_Type_free(&samples);
    free(cells);
    free(packed);
    free(state);
    MPI_Finalize();
    return 0;
}
