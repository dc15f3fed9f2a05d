/*
 * Run configuration read on rank 0 and broadcast as one struct: ints,
 * doubles and a fixed-size name, described with offsetof.  Count 1, so the
 * extent does not matter; the type is still freed after the broadcast.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct config {
    int    nx, ny, nz;
    int    nsteps;
    double dt;
    double cfl;
    char   name[32];
    int    restart;
};

int main(int argc, char **argv)
{
    int           rank;
    struct config cfg;
    MPI_Datatype  cfgtype;
    int           bl[4]    = {4, 2, 32, 1};
    MPI_Aint      disp[4]  = {offsetof(struct config, nx), offsetof(struct config, dt),
                              offsetof(struct config, name), offsetof(struct config, restart)};
    MPI_Datatype  types[4] = {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    memset(&cfg, 0, sizeof(cfg));
    if (rank == 0) {
        cfg.nx = cfg.ny = cfg.nz = 64;
        cfg.nsteps = 1000;
        cfg.dt = 1e-4;
        cfg.cfl = 0.4;
        strcpy(cfg.name, "cavity");
        cfg.restart = 0;
    }

    MPI_Type_create_struct(4, bl, disp, types, &cfgtype);
    MPI_Type_commit(&cfgtype);
    MPI_Bcast(&cfg, 1, cfgtype, 0, MPI_COMM_WORLD);
    printf("[%d] %s: %dx%dx%d, %d steps\n", rank, cfg.name, cfg.nx, cfg.ny, cfg.nz, cfg.nsteps);

    MPI_Type_free(&cfgtype);
    MPI_Finalize();
    return 0;
}
