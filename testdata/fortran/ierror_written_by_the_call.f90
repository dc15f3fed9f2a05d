! The ierror argument is written by the call: MPI_SUCCESS on every call that returns (under
! the default error handler a failed call does not return), whatever the variable held
! before, positional or as the keyword `ierror=`. The error branches are never taken.
program ierror_written
  use mpi_f08
  implicit none
  type(MPI_Datatype) :: pair, rows, cols
  integer :: ierr, rc(2), n, m
  n = 4
  m = 3
  ierr = 1
  rc = 5
  call MPI_Init(ierr)
  ierr = 1
  call MPI_Type_contiguous(2, MPI_INTEGER, pair, ierr)
  if (ierr /= MPI_SUCCESS) n = 7
  call MPI_Type_vector(n, 1, 3, pair, rows, ierror=rc(2))
  if (rc(2) /= MPI_SUCCESS) then
    m = 9
  end if
  call MPI_Type_vector(m, 2, 5, MPI_REAL, cols, rc(2))
  call MPI_Type_free(cols, ierr)
  call MPI_Type_free(rows, ierr)
  call MPI_Type_free(pair, ierr)
  call MPI_Finalize(ierr)
end program ierror_written
