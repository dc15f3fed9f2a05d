/*
 * Run-time parameters read on rank 0 and broadcast as one struct: fixed-size
 * character and numeric arrays inside the struct.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define MAX_NAME    64
#define MAX_SPECIES 8

typedef struct {
    char   run_name[MAX_NAME];
    int    nsteps;
    int    grid[3];
    double dt;
    double t_end;
    double mass[MAX_SPECIES];
    int    nspecies;
    char   restart;
} params_t;

static void build_params_type(MPI_Datatype *ptype)
{
    MPI_Datatype tmp;
    int          bl[6] = {MAX_NAME, 1 + 3, 2, MAX_SPECIES, 1, 1};
    MPI_Aint     dp[6];
    MPI_Datatype ty[6] = {MPI_CHAR, MPI_INT, MPI_DOUBLE, MPI_DOUBLE, MPI_INT, MPI_CHAR};
    int          n = 0;

    dp[n++] = offsetof(params_t, run_name);
    dp[n++] = offsetof(params_t, nsteps);     /* nsteps and grid[3] are adjacent ints */
    dp[n++] = offsetof(params_t, dt);         /* dt, t_end */
    dp[n++] = offsetof(params_t, mass);
    dp[n++] = offsetof(params_t, nspecies);
    dp[n++] = offsetof(params_t, restart);

    MPI_Type_create_struct(n, bl, dp, ty, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(params_t), ptype);
    MPI_Type_free(&tmp);
    MPI_Type_commit(ptype);
}

int main(int argc, char **argv)
{
    int          rank;
    params_t     par;
    MPI_Datatype ptype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    memset(&par, 0, sizeof par);
    if (rank == 0) {
        strncpy(par.run_name, "shocktube-2d", MAX_NAME - 1);
        par.nsteps = 2000;
        par.grid[0] = 256; par.grid[1] = 128; par.grid[2] = 1;
        par.dt = 1e-4;
        par.t_end = 0.2;
        par.nspecies = 2;
        par.mass[0] = 1.0; par.mass[1] = 4.0;
        par.restart = 'n';
    }

    build_params_type(&ptype);
    MPI_Bcast(&par, 1, ptype, 0, MPI_COMM_WORLD);

    if (par.grid[1] != 128 || par.mass[1] != 4.0 || par.restart != 'n') {
        fprintf(stderr, "[%d] bad parameters\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0)
        printf("%s: %d steps of %g\n", par.run_name, par.nsteps, par.dt);

    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
