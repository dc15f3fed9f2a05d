! Exponentiation groups from the right in Fortran: 2**3**2 is 2**9, not 8**2; a
! parenthesised chain and a unary minus keep their own meaning.
program power_right
  use mpi
  implicit none
  integer :: n, m, k, blk, vec, tail, ierr
  call MPI_Init(ierr)
  n = 2**3**2 / 64
  m = (2**3)**2 / 16
  k = 100 - 2**2**2*2
  call MPI_Type_contiguous(n, MPI_INTEGER, blk, ierr)
  call MPI_Type_vector(m, n, 3*n, MPI_REAL, vec, ierr)
  call MPI_Type_contiguous(-k + 80, MPI_DOUBLE_PRECISION, tail, ierr)
  call MPI_Type_free(blk, ierr)
  call MPI_Type_free(vec, ierr)
  call MPI_Type_free(tail, ierr)
  call MPI_Finalize(ierr)
end program power_right
