! Not a finding: the column type is built on the first pass of the loop only (the handle is
! MPI_DATATYPE_NULL until then), reused by the later passes and freed after the loop.
program rebuilt_in_loop_freed_after
  use mpi
  implicit none
  integer, parameter :: n = 32, ncols = 8
  double precision :: a(n, ncols), b(n)
  integer :: col, j, rank, ierr
  integer :: status(MPI_STATUS_SIZE)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  a = 1.0d0
  col = MPI_DATATYPE_NULL
  do j = 1, ncols
    if (col == MPI_DATATYPE_NULL) then
      call MPI_TYPE_CONTIGUOUS(n, MPI_DOUBLE_PRECISION, col, ierr)
      call MPI_TYPE_COMMIT(col, ierr)
    end if
    call MPI_SENDRECV(a(1, j), 1, col, rank, j, b, n, MPI_DOUBLE_PRECISION, rank, j, &
                      MPI_COMM_WORLD, status, ierr)
  end do
  call MPI_TYPE_FREE(col, ierr)
  call MPI_FINALIZE(ierr)
end program rebuilt_in_loop_freed_after
