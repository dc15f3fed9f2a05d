/* A table of statement macro uses, one per type: each builds the struct {char; T} from
 * `struct pair_##T`, `offsetof` and `MPI_##T` and resizes it to the C struct's size. */
#include <mpi.h>
#include <stddef.h>

struct pair_SHORT { char tag; short value; };
struct pair_INT { char tag; int value; };
struct pair_DOUBLE { char tag; double value; };
struct pair_LONG_DOUBLE { char tag; long double value; };

#define PAIR_TYPE(T, out) \
    do { \
        int          lens_##T[2] = {1, 1}; \
        MPI_Aint     disps_##T[2] = {0, offsetof(struct pair_##T, value)}; \
        MPI_Datatype types_##T[2] = {MPI_CHAR, MPI_##T}, raw_##T; \
        MPI_Type_create_struct(2, lens_##T, disps_##T, types_##T, &raw_##T); \
        MPI_Type_create_resized(raw_##T, 0, sizeof(struct pair_##T), &out); \
        MPI_Type_free(&raw_##T); \
    } while (0)

int main(int argc, char **argv)
{
    MPI_Datatype pairs[4];

    MPI_Init(&argc, &argv);
    PAIR_TYPE(SHORT, pairs[0]);
    PAIR_TYPE(INT, pairs[1]);
    PAIR_TYPE(DOUBLE, pairs[2]);
    PAIR_TYPE(LONG_DOUBLE, pairs[3]);
    for (int i = 0; i < 4; i++)
        MPI_Type_free(&pairs[i]);
    MPI_Finalize();
    return 0;
}
