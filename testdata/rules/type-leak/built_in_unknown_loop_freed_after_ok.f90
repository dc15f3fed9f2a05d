! Not a finding: each call builds the column type on the first pass of a loop whose trip count
! the analysis does not know (it comes from the communicator's size), reuses it on the later
! passes, and frees it after the loop; the time loop calls it three times.
module column_copy
  use mpi
  implicit none
contains
  subroutine copy_columns(a, b, n, ncols, rank)
    integer, intent(in) :: n, ncols, rank
    double precision, intent(in) :: a(n, ncols)
    double precision, intent(out) :: b(n, ncols)
    integer :: col, j, ierr
    integer :: status(MPI_STATUS_SIZE)

    col = MPI_DATATYPE_NULL
    do j = 1, ncols
      if (col == MPI_DATATYPE_NULL) then
        call MPI_TYPE_CONTIGUOUS(n, MPI_DOUBLE_PRECISION, col, ierr)
        call MPI_TYPE_COMMIT(col, ierr)
      end if
      call MPI_SENDRECV(a(1, j), 1, col, rank, j, b(1, j), 1, col, rank, j, &
                        MPI_COMM_WORLD, status, ierr)
    end do
    if (col /= MPI_DATATYPE_NULL) call MPI_TYPE_FREE(col, ierr)
  end subroutine copy_columns
end module column_copy

program built_in_unknown_loop_freed_after
  use mpi
  use column_copy
  implicit none
  integer, parameter :: n = 16, nsteps = 3
  double precision, allocatable :: a(:, :), b(:, :)
  integer :: ncols, rank, step, ierr

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, ncols, ierr)
  allocate(a(n, ncols), b(n, ncols))
  a = 1.0d0
  do step = 1, nsteps
    call copy_columns(a, b, n, ncols, rank)
  end do
  deallocate(a, b)
  call MPI_FINALIZE(ierr)
end program built_in_unknown_loop_freed_after
