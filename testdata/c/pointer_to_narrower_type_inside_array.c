/* A `short *` over an array of doubles steps by two bytes: its second element is inside the
 * first double, where the analysis keeps no position (it must not step by a double). */
#include <mpi.h>

int main(int argc, char **argv)
{
    double       samples[4];
    short       *halves = (short *)samples;
    void        *raw = samples;
    short       *through_void = raw;
    MPI_Aint     base, second, third;
    MPI_Datatype two_halves, two_more;

    MPI_Init(&argc, &argv);
    MPI_Get_address(samples, &base);
    MPI_Get_address(&halves[1], &second);
    MPI_Get_address(through_void + 2, &third);
    MPI_Type_create_hvector(2, 1, second - base, MPI_SHORT, &two_halves);  /* unknown: a pointer
       to a narrower type than the array's elements has no place in the analysis's model */
    MPI_Type_create_hvector(2, 1, third - base, MPI_SHORT, &two_more);  /* unknown: a pointer
       to a narrower type than the array's elements has no place in the analysis's model */
    MPI_Type_free(&two_halves);
    MPI_Type_free(&two_more);
    MPI_Finalize();
    return 0;
}
