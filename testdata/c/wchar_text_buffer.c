/* A wide-character buffer (wchar_t, 4 bytes on Linux) sent as bytes. */
#include <mpi.h>
#include <wchar.h>

int main(int argc, char **argv)
{
    wchar_t      text[12];
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    text[0] = L'a';
    MPI_Type_contiguous(sizeof text, MPI_BYTE, &t);
    MPI_Type_free(&t);
    MPI_Finalize();
    return text[0] != L'a';
}
