/* Type names as macro arguments: BYTES(struct particle), BYTES(long double), ELEMS(a, double)
 * (elements of an array of a given type), and DECLARE(double, halo), a macro that declares. */
#include <mpi.h>

#define BYTES(T) ((int)sizeof(T))
#define ELEMS(a, T) ((int)(sizeof(a) / sizeof(T)))
#define DECLARE(T, name) T name[6]

struct particle {
    double pos[3];
    int    id;
};

typedef struct {
    char  kind;
    float weight;
} tag_t;

int main(int argc, char **argv)
{
    MPI_Datatype particle_bytes, real_bytes, tag_bytes, coords, halo_t;
    double       coords_buf[12];
    DECLARE(double, halo);

    MPI_Init(&argc, &argv);
    coords_buf[0] = 0.0;
    halo[0] = coords_buf[0];
    MPI_Type_contiguous(BYTES(struct particle), MPI_BYTE, &particle_bytes);
    MPI_Type_contiguous(BYTES(long double), MPI_BYTE, &real_bytes);
    MPI_Type_contiguous(BYTES(tag_t), MPI_BYTE, &tag_bytes);
    MPI_Type_contiguous(ELEMS(coords_buf, double), MPI_DOUBLE, &coords);
    MPI_Type_contiguous(ELEMS(halo, double), MPI_DOUBLE, &halo_t);
    MPI_Type_free(&halo_t);
    MPI_Type_free(&coords);
    MPI_Type_free(&tag_bytes);
    MPI_Type_free(&real_bytes);
    MPI_Type_free(&particle_bytes);
    MPI_Finalize();
    return (int)halo[0];
}
