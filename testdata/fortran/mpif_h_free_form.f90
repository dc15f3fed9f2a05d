! mpif.h included in free form source (legal: the file is written in the common subset).
program mpif_free
  implicit none
  include 'mpif.h'
  integer, parameter :: n = 10
  integer :: blk, ierr
  real(kind=8) :: x(n, n)
  call MPI_Init(ierr)
  x = 0.0d0
  call MPI_Type_vector(n, 2, n, MPI_DOUBLE_PRECISION, blk, ierr)
  call MPI_Type_commit(blk, ierr)
  call MPI_Bcast(x, 1, blk, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(blk, ierr)
  call MPI_Finalize(ierr)
end program mpif_free
