! The working precision chosen by the preprocessor (2decomp&fft's DOUBLE_PREC): a macro for
! the MPI type and a kind parameter under #ifdef.
#define DOUBLE_PREC
#ifdef DOUBLE_PREC
#define REAL_TYPE MPI_DOUBLE_PRECISION
#else
#define REAL_TYPE MPI_REAL
#endif
program ifdef_kind
  use mpi
  implicit none
#ifdef DOUBLE_PREC
  integer, parameter :: mytype = kind(0.0d0)
#else
  integer, parameter :: mytype = kind(0.0)
#endif
  real(mytype) :: work(16, 16)
  integer :: col, ierr
  call MPI_Init(ierr)
  work = 0.0_mytype
  call MPI_Type_vector(16, 1, 16, REAL_TYPE, col, ierr)
  call MPI_Type_commit(col, ierr)
  call MPI_Bcast(work, 1, col, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(col, ierr)
  call MPI_Finalize(ierr)
end program ifdef_kind
