/*
 * Counts and strides from limits.h, stdint.h and stdio.h: a file name of
 * NAME_MAX characters, a path buffer of PATH_MAX (unknown: with -std=c99
 * limits.h hides it and the fallback below is used), bit counts from
 * CHAR_BIT, a stride derived from INT_MAX, and a block of BUFSIZ bytes.
 */
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

#ifndef PATH_MAX
#define PATH_MAX 1024
#endif

int main(int argc, char **argv)
{
    MPI_Datatype name_t, path_t, bits_t, strided_t, buf_t;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(NAME_MAX + 1, MPI_CHAR, &name_t);
    MPI_Type_contiguous(PATH_MAX, MPI_CHAR, &path_t);  /* unknown: #ifndef PATH_MAX depends on the compiler mode (-std=c99 hides it), so PATH_MAX is 4096 or 1024 */
    MPI_Type_contiguous(CHAR_BIT * (int)sizeof(int32_t), MPI_BYTE, &bits_t);
    MPI_Type_vector(3, 2, INT_MAX / 100000000 + UINT8_MAX, MPI_INT, &strided_t);
    MPI_Type_contiguous(BUFSIZ / (SHRT_MAX / 4096 + 1), MPI_BYTE, &buf_t);
    MPI_Type_commit(&name_t);
    MPI_Type_commit(&path_t);
    MPI_Type_commit(&bits_t);
    MPI_Type_commit(&strided_t);
    MPI_Type_commit(&buf_t);
    MPI_Type_free(&name_t);
    MPI_Type_free(&path_t);
    MPI_Type_free(&bits_t);
    MPI_Type_free(&strided_t);
    MPI_Type_free(&buf_t);
    MPI_Finalize();
    return 0;
}
