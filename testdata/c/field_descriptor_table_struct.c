/* Table-driven struct type: a descriptor per field, copied into the argument arrays in a loop. */
#include <mpi.h>
#include <stddef.h>

typedef struct { int id; float mass; double pos[3]; } star_t;

struct field { MPI_Aint offset; int len; MPI_Datatype type; };

int main(int argc, char **argv)
{
    struct field fields[] = {{offsetof(star_t, id), 1, MPI_INT},
                             {offsetof(star_t, mass), 1, MPI_FLOAT},
                             {offsetof(star_t, pos), 3, MPI_DOUBLE}};
    enum { NFIELDS = sizeof fields / sizeof fields[0] };
    int          lens[NFIELDS];
    MPI_Aint     disps[NFIELDS];
    MPI_Datatype types[NFIELDS], star;

    MPI_Init(&argc, &argv);
    for (int f = 0; f < NFIELDS; f++) {
        lens[f] = fields[f].len;
        disps[f] = fields[f].offset;
        types[f] = fields[f].type;
    }
    MPI_Type_create_struct(NFIELDS, lens, disps, types, &star);  /* unknown: sizeof an array of
       structs sized by its initialiser (fields[] = {{...}, ...}) is not evaluated (issue 19) */
    MPI_Type_free(&star);
    MPI_Finalize();
    return 0;
}
