! Not a finding: the type is used in a loop whose trip count is only known at
! run time, then freed.  MPI_SEND reads the handle; it cannot change it.
subroutine send_columns(a, n, ncols, dest)
  use mpi
  implicit none
  integer, intent(in) :: n, ncols, dest
  real(8), intent(in) :: a(n, ncols)
  integer :: col, j, ierr

  call MPI_TYPE_CONTIGUOUS(n, MPI_DOUBLE_PRECISION, col, ierr)
  call MPI_TYPE_COMMIT(col, ierr)
  do j = 1, ncols
    call MPI_SEND(a(1, j), 1, col, dest, j, MPI_COMM_WORLD, ierr)
  end do
  call MPI_TYPE_FREE(col, ierr)
end subroutine send_columns
