/*
 * SIMD-friendly cell record: the flux block is over-aligned with _Alignas so
 * vector loads do not straddle cache lines, which puts padding in front of
 * it and at the end of the record.  offsetof/sizeof pick that up.
 */
#include <mpi.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int    cell_id;
    char   kind;
    _Alignas(32) double flux[4];
    float  cfl;
} simd_cell;

int main(int argc, char **argv)
{
    int          rank, ncell = 50;
    simd_cell   *cells, *ghost;
    MPI_Datatype tmp, cell_t;
    int          bl[4] = {1, 1, 4, 1};
    MPI_Aint     dp[4] = {offsetof(simd_cell, cell_id), offsetof(simd_cell, kind),
                          offsetof(simd_cell, flux), offsetof(simd_cell, cfl)};
    MPI_Datatype ty[4] = {MPI_INT, MPI_CHAR, MPI_DOUBLE, MPI_FLOAT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    cells = aligned_alloc(alignof(simd_cell), ncell * sizeof(simd_cell));
    ghost = aligned_alloc(alignof(simd_cell), ncell * sizeof(simd_cell));
    for (int c = 0; c < ncell; c++) {
        cells[c].cell_id = c;
        cells[c].kind = 'f';
        for (int k = 0; k < 4; k++)
            cells[c].flux[k] = c * 0.01 * k;
        cells[c].cfl = 0.9f;
    }

    MPI_Type_create_struct(4, bl, dp, ty, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(simd_cell), &cell_t);
    MPI_Type_free(&tmp);
    MPI_Type_commit(&cell_t);

    MPI_Sendrecv(cells, ncell, cell_t, rank, 4, ghost, ncell, cell_t, rank, 4,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (ghost[ncell - 1].flux[3] != cells[ncell - 1].flux[3]) {
        fprintf(stderr, "flux mismatch\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Type_free(&cell_t);
    free(ghost);
    free(cells);
    MPI_Finalize();
    return 0;
}
