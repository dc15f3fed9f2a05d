/*
 * A struct placed by the rank, resized to a fixed frame: the struct's bounds follow the rank,
 * but its size is fixed by the code, and the resized type's lb and extent are the ones it is
 * given.  What MPI fixes is known; the bounds that follow the rank are not.  The queries of the
 * resized type answer what is fixed, so the types built from their answers are known.
 */
#include <mpi.h>

#define NROWS 6

int main(int argc, char **argv)
{
    int          rank, one = 1, size_bytes;
    MPI_Aint     place, lb, extent;
    MPI_Datatype column, placed, frame, frames, copy, bytes, like_frame;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(NROWS / 2, 1, 2, MPI_INT, &column);

    place = rank * (MPI_Aint) sizeof(int);
    MPI_Type_create_struct(1, &one, &place, &column, &placed);  /* unknowable: the displacement
       follows the rank (MPI_Comm_rank); the size does not */
    MPI_Type_create_resized(placed, 0, NROWS * sizeof(int), &frame);  /* unknowable: the true
       bounds are the struct's, which follow the rank; size, lb and extent are fixed */
    MPI_Type_contiguous(2, frame, &frames);  /* unknowable: the true bounds follow the rank; the
       bounds are not computed from a type known in part */
    MPI_Type_dup(frame, &copy);  /* unknowable: a copy of frame, known as far as frame is */

    MPI_Type_size(frame, &size_bytes);
    MPI_Type_get_extent(frame, &lb, &extent);
    MPI_Type_contiguous(size_bytes, MPI_BYTE, &bytes);
    MPI_Type_create_resized(MPI_INT, lb, extent, &like_frame);

    MPI_Type_free(&column);
    MPI_Type_free(&placed);
    MPI_Type_free(&frame);
    MPI_Type_free(&frames);
    MPI_Type_free(&copy);
    MPI_Type_free(&bytes);
    MPI_Type_free(&like_frame);
    MPI_Finalize();
    return 0;
}
