/* A `short *` over an array of doubles (declared, or a malloc'd block first used as doubles)
 * steps by two bytes: its second element is inside the first double, where the analysis keeps
 * no position (it must not step by a double). */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    double       samples[4];
    short       *halves = (short *)samples;
    void        *raw = samples;
    short       *through_void = raw;
    double      *block = malloc(4 * sizeof(double));
    short       *block_halves = (short *)block;
    MPI_Aint     base, second, third, block_base, block_second;
    MPI_Datatype two_halves, two_more, two_in_block;

    MPI_Init(&argc, &argv);
    MPI_Get_address(samples, &base);
    MPI_Get_address(&halves[1], &second);
    MPI_Get_address(through_void + 2, &third);
    MPI_Type_create_hvector(2, 1, second - base, MPI_SHORT, &two_halves);  /* unknown: a pointer
       to a narrower type than the array's elements has no place in the analysis's model */
    MPI_Type_create_hvector(2, 1, third - base, MPI_SHORT, &two_more);  /* unknown: a pointer
       to a narrower type than the array's elements has no place in the analysis's model */
    MPI_Get_address(block, &block_base);
    MPI_Get_address(block_halves + 1, &block_second);
    block_second -= block_base;
    MPI_Type_create_hvector(2, 1, block_second, MPI_SHORT, &two_in_block);  /* unknown: a
       pointer to a narrower type than the block's elements has no place in the analysis's
       model */
    MPI_Type_free(&two_in_block);
    free(block);
    MPI_Type_free(&two_halves);
    MPI_Type_free(&two_more);
    MPI_Finalize();
    return 0;
}
