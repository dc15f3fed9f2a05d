/*
 * A struct type whose members are themselves derived types: a 3x3 stress
 * tensor as contiguous(9, MPI_DOUBLE) and the id pair as contiguous(2,
 * MPI_INT), combined with offsetof and resized to sizeof.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define NQP 60

struct qpoint {
    int    elem, local;
    double stress[3][3];
    double weight;
};

static struct qpoint qp[NQP];

int main(int argc, char **argv)
{
    int          rank;
    MPI_Datatype ids, tensor, tmp, qptype;
    int          bl[3]   = {1, 1, 1};
    MPI_Aint     disp[3] = {offsetof(struct qpoint, elem), offsetof(struct qpoint, stress),
                            offsetof(struct qpoint, weight)};
    MPI_Datatype types[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int q = 0; q < NQP; q++) {
            qp[q].elem = q / 4;
            qp[q].local = q % 4;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    qp[q].stress[i][j] = i == j ? 1.0 : 0.0;
            qp[q].weight = 0.25;
        }

    MPI_Type_contiguous(2, MPI_INT, &ids);
    MPI_Type_contiguous(9, MPI_DOUBLE, &tensor);
    types[0] = ids;
    types[1] = tensor;
    types[2] = MPI_DOUBLE;
    MPI_Type_create_struct(3, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct qpoint), &qptype);
    MPI_Type_free(&tmp);
    MPI_Type_free(&tensor);
    MPI_Type_free(&ids);
    MPI_Type_commit(&qptype);

    MPI_Bcast(qp, NQP, qptype, 0, MPI_COMM_WORLD);
    printf("[%d] qp[7]: elem %d w %g\n", rank, qp[7].elem, qp[7].weight);

    MPI_Type_free(&qptype);
    MPI_Finalize();
    return 0;
}
