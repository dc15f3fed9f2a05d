/* The particle record shared by the programs of a code (included by struct_from_local_header.c). */
#ifndef PARTICLE_RECORD_H
#define PARTICLE_RECORD_H

#define NSPECIES 3

typedef struct {
    double pos[3];
    float  weight[NSPECIES];
    int    cell;
} particle_record_t;

#endif
