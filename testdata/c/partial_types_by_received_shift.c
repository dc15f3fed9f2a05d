/*
 * Constructors whose placement is a value MPI writes (here a shift that MPI_Allreduce returns,
 * different on each pass): the analysis forgets it, so displacements, strides, starts and
 * lower bounds built from it are not known.  What MPI fixes without them is known: the size
 * from the counts and block lengths, a subarray's lb and extent from its sizes, a resized
 * type's extent, and of a resized type the size and true bounds of its old type.
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int          pass, shift, lengths[2] = {2, 1}, offsets[2];
    int          sizes[2] = {4, 6}, subsizes[2] = {2, 3}, starts[2];
    MPI_Aint     gap;
    MPI_Datatype strided, picked, tile, moved, pair, shifted_pair, pairs;
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Aint     member_offsets[2];

    MPI_Init(&argc, &argv);
    for (pass = 0; pass < 3; pass++) {
        MPI_Allreduce(&pass, &shift, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        gap = (shift + 2) * (MPI_Aint) sizeof(double);
        MPI_Type_create_hvector(3, 2, gap, MPI_FLOAT, &strided);  /* unknowable: the stride
           follows the received shift; the size does not */

        offsets[0] = shift;
        offsets[1] = shift + 4;
        MPI_Type_indexed(2, lengths, offsets, MPI_SHORT, &picked);  /* unknowable: the
           displacements follow the received shift */

        starts[0] = shift % 3;
        starts[1] = shift;
        MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, /* unknowable: the
           starts follow the received shift; size, lb and extent do not */
                                 MPI_DOUBLE, &tile);

        MPI_Type_create_resized(MPI_DOUBLE, shift * 8, 24, &moved);  /* unknowable: the lb
           follows the received shift; the extent and the old type's values do not */

        member_offsets[0] = 0;
        member_offsets[1] = 8 + 4 * shift;
        MPI_Type_create_struct(2, lengths, member_offsets, types, &pair);  /* unknowable: the
           second member's place follows the received shift */
        MPI_Type_create_resized(pair, 0, 32, &shifted_pair);  /* unknowable: the true bounds are
           the struct's */
        MPI_Type_vector(2, 1, shift + 1, shifted_pair, &pairs);  /* unknowable: the stride
           follows the received shift */

        MPI_Type_free(&strided);
        MPI_Type_free(&picked);
        MPI_Type_free(&tile);
        MPI_Type_free(&moved);
        MPI_Type_free(&pair);
        MPI_Type_free(&shifted_pair);
        MPI_Type_free(&pairs);
    }
    MPI_Finalize();
    return 0;
}
