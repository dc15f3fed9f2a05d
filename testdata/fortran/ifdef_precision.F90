! Preprocessed free form: the precision and the dimensions come from #define and #ifdef.
#define NX 40
#define NY 30
#ifdef SINGLE_PRECISION
#define REALTYPE MPI_REAL
#else
#define REALTYPE MPI_DOUBLE_PRECISION
#endif
program ifdef_precision
  use mpi
  implicit none
  integer :: column, row, ierr
  call MPI_Init(ierr)
#if NX > 32
  call MPI_Type_vector(NY, 1, NX, REALTYPE, row, ierr)
#else
  call MPI_Type_vector(NY, 2, NX, REALTYPE, row, ierr)
#endif
  call MPI_Type_contiguous(NX, REALTYPE, column, ierr)
  call MPI_Finalize(ierr)
end program ifdef_precision
